#!/bin/sh
# Reads the request body first: a script that exits on an unread body makes the server's
# write of it fail, and apache then cuts the response short.
cat >/dev/null
printf 'Status: 204 No Content\r\n\r\n'
