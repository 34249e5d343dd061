package io.phaseload.lambda;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The Lambda runtime's {@link Context} as a test sees it: fixed names, a logger that keeps lines.
 */
final class TestContext implements Context {

  final List<String> logged = new ArrayList<>();

  @Override
  public String getAwsRequestId() {
    return "test-request";
  }

  @Override
  public String getLogGroupName() {
    return "/aws/lambda/test";
  }

  @Override
  public String getLogStreamName() {
    return "test-stream";
  }

  @Override
  public String getFunctionName() {
    return "test-function";
  }

  @Override
  public String getFunctionVersion() {
    return "$LATEST";
  }

  @Override
  public String getInvokedFunctionArn() {
    return "arn:aws:lambda:us-west-2:000000000000:function:test-function";
  }

  @Override
  public CognitoIdentity getIdentity() {
    return null;
  }

  @Override
  public ClientContext getClientContext() {
    return null;
  }

  @Override
  public int getRemainingTimeInMillis() {
    return 30_000;
  }

  @Override
  public int getMemoryLimitInMB() {
    return 512;
  }

  @Override
  public LambdaLogger getLogger() {
    return new LambdaLogger() {
      @Override
      public void log(String message) {
        logged.add(message);
      }

      @Override
      public void log(byte[] message) {
        logged.add(new String(message, StandardCharsets.UTF_8));
      }
    };
  }
}
