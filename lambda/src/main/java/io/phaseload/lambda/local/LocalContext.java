package io.phaseload.lambda.local;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The {@link Context} the local gateway (and the handler tests) pass: fixed names, a fresh request
 * id, and a logger that hands each line to {@code log}.
 */
public final class LocalContext implements Context {

  private final String requestId = UUID.randomUUID().toString();
  private final Consumer<String> log;

  /** Logs to stderr, as the gateway does. */
  public LocalContext() {
    this(System.err::println);
  }

  public LocalContext(Consumer<String> log) {
    this.log = log;
  }

  @Override
  public String getAwsRequestId() {
    return requestId;
  }

  @Override
  public String getLogGroupName() {
    return "/aws/lambda/phaseload-local";
  }

  @Override
  public String getLogStreamName() {
    return "local";
  }

  @Override
  public String getFunctionName() {
    return "phaseload-local";
  }

  @Override
  public String getFunctionVersion() {
    return "$LATEST";
  }

  @Override
  public String getInvokedFunctionArn() {
    return "arn:aws:lambda:local:000000000000:function:phaseload-local";
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
        log.accept(message);
      }

      @Override
      public void log(byte[] message) {
        log.accept(new String(message, StandardCharsets.UTF_8));
      }
    };
  }
}
