// A login kept in a server-side session (express-session's cookie, connect.sid), for
// ExpressSessionTest: POST /login {"user": NAME} logs the session in, GET /me answers its user or
// 401, GET /counts how many requests each route had. Listens on 127.0.0.1 and the port given.
const express = require('express');
const session = require('express-session');

const app = express();
const counts = {};
app.use((req, res, next) => {
  if (req.path !== '/counts') {
    const key = req.method + ' ' + req.path;
    counts[key] = (counts[key] || 0) + 1;
  }
  next();
});
app.use(express.json());
app.use(session({ secret: 'phaseload-test', resave: false, saveUninitialized: false }));
app.post('/login', (req, res) => {
  req.session.user = req.body.user;
  res.json({ ok: true });
});
app.get('/me', (req, res) => {
  if (req.session.user) {
    res.json({ user: req.session.user });
  } else {
    res.status(401).json({ error: 'not logged in' });
  }
});
app.get('/counts', (req, res) => res.json(counts));
app.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));
