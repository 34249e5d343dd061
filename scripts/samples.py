#!/usr/bin/env python3
"""Reruns every marked sample in the README and docs/ and writes back its real output.

A sample is a fenced block after a marker line:

    <!-- sample -->                      every line the commands print
    <!-- sample keep="REGEX" -->         only the lines that match REGEX (Python re.search)

whose lines that start with "$ " are commands. Each command runs in bash, in a scratch folder
where client/, server/, docs/ and scripts/ are the repository's own (so files a sample writes, like run.json,
stay out of the tree; the scratch folder's path is taken out of what they print), one after another in document order across all files, so that a later sample
may read what an earlier one wrote. Its stdout and stderr replace the lines under it. The server the
samples name (127.0.0.1:8080) is started by scripts/docs.sh, not here.

    scripts/samples.py WORKDIR FILE...
"""
import re
import subprocess
import sys

MARKER = re.compile(r'^<!-- sample(?: keep="(?P<keep>[^"]*)")? -->$')


def run(command, workdir):
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=workdir,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=600,
    )
    # A file the sample wrote reads as the sample named it, not as this run's scratch path.
    printed = done.stdout.replace(workdir.rstrip("/") + "/", "")
    return printed.rstrip("\n").split("\n") if printed.strip() else []


def rewrite(path, workdir):
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i, count = [], 0, 0
    while i < len(lines):
        marker = MARKER.match(lines[i])
        out.append(lines[i])
        i += 1
        if not marker:
            continue
        if i >= len(lines) or not lines[i].startswith("```"):
            sys.exit(f"{path}:{i}: a sample marker must be followed by a fenced block")
        out.append(lines[i])
        i += 1
        block = []
        while i < len(lines) and not lines[i].startswith("```"):
            block.append(lines[i])
            i += 1
        commands = [line for line in block if line.startswith("$ ")]
        if not commands:
            sys.exit(f"{path}:{i}: a sample has no '$ ' command")
        keep = re.compile(marker.group("keep")) if marker.group("keep") else None
        for command in commands:
            out.append(command)
            printed = run(command[2:], workdir)
            out.extend(line for line in printed if keep is None or keep.search(line))
        count += 1
    open(path, "w", encoding="utf-8").write("\n".join(out))
    print(f"{path}: {count} samples")


if __name__ == "__main__":
    for f in sys.argv[2:]:
        rewrite(f, sys.argv[1])
