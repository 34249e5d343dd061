# Sourced by deploy-lambda.sh and undeploy-lambda.sh: fail fast, with one clear line, when the
# AWS tools or credentials are missing.
source scripts/lib.sh
STACK=${PHASELOAD_STACK:-phaseload}
need_aws() {
  command -v sam >/dev/null 2>&1 || die "the AWS SAM CLI (sam) is not installed: see https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/install-sam-cli.html" 2
  command -v aws >/dev/null 2>&1 || die "the AWS CLI (aws) is not installed: see https://docs.aws.amazon.com/cli/latest/userguide/getting-started-install.html" 2
  aws sts get-caller-identity >/dev/null 2>&1 \
    || die "no usable AWS credentials: run 'aws configure' (or set AWS_PROFILE) first" 2
}
