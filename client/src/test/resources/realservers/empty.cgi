#!/bin/sh
printf 'Status: 204 No Content\r\n\r\n'
