#!/bin/sh
# A non-parsed-header script: the server passes these bytes to the client unchanged, so this is
# the one way to send chunk extensions and a trailer through a stock web server.
# Reads the request body first: a script that exits on an unread body makes the server's
# write of it fail, and apache then cuts the response short.
cat >/dev/null
printf 'HTTP/1.1 200 OK\r\n'
printf 'Content-Type: text/plain\r\n'
printf 'Transfer-Encoding: chunked\r\n'
printf 'Trailer: X-Phaseload-Trailer\r\n'
printf 'Connection: close\r\n'
printf '\r\n'
printf '6;ext=1\r\nhello \r\n'
printf '7;ext="two";flag\r\nchunks\n\r\n'
printf '0;last=1\r\n'
printf 'X-Phaseload-Trailer: done\r\n'
printf '\r\n'
