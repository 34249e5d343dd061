#!/bin/sh
# No Content-Length: the server frames the body itself (chunked on HTTP/1.1 when it streams).
printf 'Content-Type: text/plain\r\n\r\n'
printf 'hello chunks\n'
