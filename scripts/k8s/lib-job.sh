# shellcheck shell=bash
# Sourced by scripts/k8s/run.sh and scripts/shards-local.sh (after scripts/lib.sh): the one reading
# and filling of scripts/k8s/phaseload-job.yaml, so that the Job Kubernetes runs and the local
# rehearsal of it cannot take different arguments. Defines functions only.

JOB_TEMPLATE=scripts/k8s/phaseload-job.yaml

# Prints the template filled in (comment lines as they are): every @NAME@ replaced by its value, a whole `key: "@NAME@"` value
# unquoted (the integer fields), and the "@EXTRA_ARGS@" item replaced by one quoted item per extra
# argument. Dies (2) on a value that could not be one YAML scalar or one client argument.
#   job_render NAME IMAGE SHARDS THREADS ITERATIONS HOST PORT START_AT [EXTRA_ARG...]
job_render() {
  (($# >= 8)) || die "job_render needs 8 values, got $#" 2
  local -A value=([NAME]=$1 [IMAGE]=$2 [SHARDS]=$3 [THREADS]=$4 [ITERATIONS]=$5 [HOST]=$6
    [PORT]=$7 [START_AT]=$8)
  shift 8
  local key v line indent arg
  [[ "${value[NAME]}" =~ ^[a-z0-9]([-a-z0-9]{0,50}[a-z0-9])?$ ]] \
    || die "a Job name is lower-case letters, digits and '-', got '${value[NAME]}'" 2
  [[ "${value[IMAGE]}" =~ ^[A-Za-z0-9][A-Za-z0-9._/:@-]*$ ]] || die "not an image reference: '${value[IMAGE]}'" 2
  for key in SHARDS THREADS ITERATIONS; do
    [[ "${value[$key]}" =~ ^[1-9][0-9]*$ ]] || die "$key must be a positive number, got '${value[$key]}'" 2
  done
  [[ "${value[PORT]}" =~ ^[1-9][0-9]{0,4}$ ]] || die "not a port: '${value[PORT]}'" 2
  ((value[PORT] <= 65535)) || die "not a port: '${value[PORT]}'" 2
  [[ "${value[HOST]}" =~ ^[A-Za-z0-9][A-Za-z0-9.:-]*$ ]] || die "not a host name or address: '${value[HOST]}'" 2
  [[ "${value[START_AT]}" =~ ^[0-9A-Za-z:.+-]+$ ]] || die "not an instant: '${value[START_AT]}'" 2
  for arg in "$@"; do [[ "$arg" != *$'\n'* ]] || die "an argument with a line break: '$arg'" 2; done
  while IFS= read -r line || [[ -n "$line" ]]; do
    if [[ "$line" =~ ^[[:space:]]*# ]]; then printf '%s\n' "$line"; continue; fi
    if [[ "$line" =~ ^([[:space:]]*)-[[:space:]]\"@EXTRA_ARGS@\"[[:space:]]*$ ]]; then
      indent=${BASH_REMATCH[1]}
      for arg in "$@"; do
        arg=${arg//\\/\\\\}
        printf '%s- "%s"\n' "$indent" "${arg//\"/\\\"}"
      done
      continue
    fi
    for key in "${!value[@]}"; do
      v=${value[$key]}
      if [[ "$line" =~ ^([[:space:]]*[A-Za-z]+:[[:space:]]+)\"@$key@\"(.*)$ ]]; then
        line=${BASH_REMATCH[1]}$v${BASH_REMATCH[2]}
      fi
      line=${line//"@$key@"/"$v"}
    done
    [[ "$line" != *\"@[A-Z_]*@\"* ]] || die "a placeholder job_render does not know: $line" 2
    printf '%s\n' "$line"
  done <"$JOB_TEMPLATE"
}

# Prints the container's args of a manifest (the template or a filled one), one a line, unquoted.
# Reads only the format the template keeps: `args:` then a block list of double-quoted items.
#   job_args FILE
job_args() {
  awk '
    function fail(m) { print "job_args: " FILENAME ": " m > "/dev/stderr"; bad = 1; exit 1 }
    !inside && /^[[:space:]]*args:[[:space:]]*$/ { inside = 1; found = 1; next }
    inside && /^[[:space:]]*- "/ {
      item = $0
      sub(/^[[:space:]]*- "/, "", item)
      if (item !~ /"[[:space:]]*$/) fail("an args item not in double quotes: " $0)
      sub(/"[[:space:]]*$/, "", item)
      out = ""
      while ((i = index(item, "\\")) > 0) {
        out = out substr(item, 1, i - 1) substr(item, i + 1, 1)
        item = substr(item, i + 2)
      }
      print out item
      next
    }
    inside && /^[[:space:]]*- / { fail("an args item not in double quotes: " $0) }
    inside { inside = 0 }
    END { if (!bad && !found) { print "job_args: " FILENAME ": no args: list" > "/dev/stderr"; exit 1 } }
  ' "$1"
}

# ARG as Kubernetes passes it to the pod of INDEX: $(JOB_COMPLETION_INDEX) expanded.
#   job_expand ARG INDEX
# shellcheck disable=SC2016 # the pattern is the literal text $(JOB_COMPLETION_INDEX)
job_expand() { printf '%s\n' "${1//'$(JOB_COMPLETION_INDEX)'/$2}"; }
