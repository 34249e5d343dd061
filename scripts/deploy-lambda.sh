#!/usr/bin/env bash
# Builds lambda.jar and deploys lambda/template.yaml with SAM: two functions (GET and POST
# handlers) behind one API Gateway resource /sayHello. Prints the URL to give client.jar --url.
# The first run is guided (asks region, stack name, confirms IAM); later runs reuse
# lambda/samconfig.toml.
#
#   scripts/deploy-lambda.sh [--snapstart]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lambda-common.sh

SNAPSTART=false
for arg in "$@"; do
  case "$arg" in
    --snapstart) SNAPSTART=true ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) die "unknown argument $arg (usage: scripts/deploy-lambda.sh [--snapstart])" 2 ;;
  esac
done
need_aws

mvn -q -B -pl lambda -am package -DskipTests
cd lambda
if [[ -f samconfig.toml ]]; then
  sam deploy --parameter-overrides "SnapStart=$SNAPSTART"
else
  sam deploy --guided --stack-name "$STACK" --capabilities CAPABILITY_IAM \
    --parameter-overrides "SnapStart=$SNAPSTART"
fi
STACK_NAME=$(sed -n 's/^stack_name = "\(.*\)"/\1/p' samconfig.toml 2>/dev/null | head -1)
URL=$(aws cloudformation describe-stacks --stack-name "${STACK_NAME:-$STACK}" \
  --query "Stacks[0].Outputs[?OutputKey=='SayHelloUrl'].OutputValue" --output text)
echo "Lambda URL: $URL"
echo "Try: java -jar client/target/client.jar 20 100 --contract --url $URL"
