package io.phaseload.lambda.local;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar lambda/target/lambda-local.jar [--port 3000] [--host 127.0.0.1]}: the local
 * gateway until Ctrl-C or SIGTERM.
 */
public final class LocalGatewayMain {

  static final String USAGE = "Usage: java -jar lambda-local.jar [--port PORT] [--host HOST]";

  private LocalGatewayMain() {}

  public static void main(String[] args) throws InterruptedException {
    String host = "127.0.0.1";
    int port = 3000;
    try {
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--port" -> port = Integer.parseInt(value(args, ++i, "--port"));
          case "--host" -> host = value(args, ++i, "--host");
          case "--help", "-h" -> {
            System.out.println(USAGE);
            return;
          }
          default -> throw new IllegalArgumentException("unknown argument " + args[i]);
        }
      }
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("--port must be between 0 and 65535, got " + port);
      }
    } catch (NumberFormatException e) {
      fail("--port must be a number: " + e.getMessage(), 2);
      return;
    } catch (IllegalArgumentException e) {
      fail(e.getMessage(), 2);
      return;
    }
    LocalGateway gateway;
    try {
      gateway = LocalGateway.start(host, port, 64);
    } catch (IOException e) {
      fail("cannot listen on " + host + ":" + port + ": " + e.getMessage(), 1);
      return;
    }
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  gateway.close();
                  stop.countDown();
                }));
    System.out.println("phaseload local gateway listening on " + gateway.url());
    System.out.flush();
    stop.await();
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  private static void fail(String message, int code) {
    System.err.println("lambda-local: " + message);
    System.err.println(USAGE);
    System.exit(code);
  }
}
