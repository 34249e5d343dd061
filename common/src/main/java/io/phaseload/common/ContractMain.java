package io.phaseload.common;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code java -cp server.jar io.phaseload.common.ContractMain NAME...}: prints the contract's
 * values, one a line in the order asked, so that scripts (the nginx baseline of {@code
 * scripts/bench.sh}) take them from {@link Contract} instead of typing them again.
 */
public final class ContractMain {

  /** The names a caller may ask for, with their values. */
  static final Map<String, String> VALUES = values();

  static final String USAGE =
      "Usage: java -cp server.jar io.phaseload.common.ContractMain NAME... (NAME: "
          + String.join(", ", VALUES.keySet())
          + ")";

  private ContractMain() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Prints the values named by {@code args}; returns 0, or 2 for a missing or unknown name. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      err.println("contract: name at least one value");
      err.println(USAGE);
      return 2;
    }
    for (String name : args) {
      if (!VALUES.containsKey(name)) {
        err.println("contract: unknown value '" + name + "'");
        err.println(USAGE);
        return 2;
      }
    }
    for (String name : args) {
      out.println(VALUES.get(name));
    }
    out.flush();
    return 0;
  }

  private static Map<String, String> values() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("path", Contract.PATH);
    values.put("get-answer", Contract.GET_ANSWER);
    values.put("post-body", Contract.POST_BODY);
    values.put("post-answer", Contract.POST_ANSWER);
    return values;
  }
}
