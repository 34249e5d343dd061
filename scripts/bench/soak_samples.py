"""The soak section's sampler: reads `jstat -gc -t PID MS` on stdin and, at each line it prints,
reads the client's RSS and the record file's size, so that the three are one moment.

  jstat -gc -t PID 10000 | python3 soak_samples.py PID RECORD_FILE RUN_SECONDS JCMD

Prints one line a sample: SECS RSS_KIB AFTER_GC_KIB USED_KIB GCS RECORD_BYTES FORCED
  SECS          jstat's Timestamp: seconds since the JVM started
  AFTER_GC_KIB  survivor + old used (S0U + S1U + OU): what the last GC left, plus objects put in
                old since (humongous ones); eden, emptied by every GC, left out
  USED_KIB      all of the heap used now, eden included (live or not)
  FORCED        1 on the first sample after a full GC this sampler forced (`jcmd PID GC.run`):
                its AFTER_GC_KIB is the live heap at that GC. The client allocates so little
                outside its recording that young GCs are rare, and without a forced GC the figure
                can be minutes old. Forced twice: at the first sample from 120 s (minute 2; in
                runs under 265 s, from half of RUN_SECONDS - 25) and at the first from
                RUN_SECONDS - 25 s (the end), so that a sample follows each.
"""
import os
import subprocess
import sys

pid, rec, run_secs, jcmd = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
marks = [min(120.0, (run_secs - 25) / 2), run_secs - 25]
head, forced = None, 0
for line in sys.stdin:
    f = line.split()
    if not f:
        continue
    if f[0] == "Timestamp":
        head = f
        continue
    if head is None or len(f) != len(head):
        continue
    g = dict(zip(head, f))
    try:
        with open(f"/proc/{pid}/status") as st:
            rss = next(int(l.split()[1]) for l in st if l.startswith("VmRSS:"))
        size = os.path.getsize(rec) if os.path.exists(rec) else 0
    except (OSError, StopIteration):
        break
    kib = lambda *k: sum(float(g[x]) for x in k)
    after = kib("S0U", "S1U", "OU")
    used = kib("S0U", "S1U", "EU", "OU")
    gcs = sum(int(g[k]) for k in ("YGC", "FGC", "CGC") if g.get(k, "-") != "-")
    secs = float(g["Timestamp"])
    print(f"{secs:.0f} {rss} {after:.0f} {used:.0f} {gcs} {size} {forced}", flush=True)
    forced = 0
    if marks and secs >= marks[0]:
        marks.pop(0)
        forced = int(subprocess.run([jcmd, pid, "GC.run"], capture_output=True).returncode == 0)
