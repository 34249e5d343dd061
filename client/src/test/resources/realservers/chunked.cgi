#!/bin/sh
# No Content-Length: the server frames the body itself (chunked on HTTP/1.1 when it streams).
# Reads the request body first: a script that exits on an unread body makes the server's
# write of it fail, and apache then cuts the response short.
cat >/dev/null
printf 'Content-Type: text/plain\r\n\r\n'
printf 'hello chunks\n'
