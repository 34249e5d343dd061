#!/usr/bin/env bash
# Deletes the stack deploy-lambda.sh created (functions, API, roles).
#
#   scripts/undeploy-lambda.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lambda-common.sh
[[ $# == 0 ]] || die "takes no arguments" 2
need_aws
STACK_NAME=$(sed -n 's/^stack_name = "\(.*\)"/\1/p' lambda/samconfig.toml 2>/dev/null | head -1)
cd lambda
sam delete --stack-name "${STACK_NAME:-$STACK}" --no-prompts
echo "Deleted stack ${STACK_NAME:-$STACK}"
