#!/usr/bin/env python3
# A service that slows down as it runs, for the drift verdict (docs/long-runs.md): every GET is
# answered after 2 ms, and 1 ms more for every 10 s since its first request.
#   python3 scripts/slowing-server.py PORT [SECONDS]    SECONDS: how long it serves (default: until killed)
import http.server, sys, threading, time
START = None
LOCK = threading.Lock()
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        global START
        with LOCK:
            if START is None:
                START = time.monotonic()
        ms = 2 + int((time.monotonic() - START) / 10)   # 2 ms, and 1 ms more every 10 s
        time.sleep(ms / 1000)
        body = b'{"ok":true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a):
        pass
http.server.ThreadingHTTPServer.daemon_threads = True
server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H)
if len(sys.argv) > 2:
    threading.Timer(float(sys.argv[2]), server.shutdown).start()
server.serve_forever()
