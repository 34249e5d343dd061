package io.phaseload.lambda;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.common.Contract;
import java.io.IOException;
import java.nio.file.Path;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * After packaging: lambda.jar holds every handler the template names and the contract they answer
 * with, and no local gateway, server library or command-line parser.
 */
class LambdaJarIT {

  @Test
  void theUploadJarHoldsTheHandlersAndNothingElseOfOurs() throws IOException {
    try (JarFile jar = new JarFile(Path.of("target", "lambda.jar").toFile())) {
      for (String handler : TemplateTest.handlers(TemplateTest.template()).values()) {
        String entry = handler.split("::")[0].replace('.', '/') + ".class";
        assertNotNull(jar.getEntry(entry), entry + " missing from lambda.jar");
      }
      assertNotNull(
          jar.getEntry(
              "com/amazonaws/services/lambda/runtime/events/APIGatewayProxyRequestEvent.class"));
      assertTrue(jar.stream().noneMatch(e -> e.getName().startsWith("io/phaseload/lambda/local/")));
      assertNotNull(
          jar.getEntry(Contract.class.getName().replace('.', '/') + ".class"),
          "the contract the handlers answer with");
      assertFalse(
          jar.stream().anyMatch(e -> e.getName().startsWith("org/glassfish/")),
          "no server library in the upload jar");
      assertFalse(
          jar.stream().anyMatch(e -> e.getName().startsWith("org/kohsuke/args4j/")),
          "no command-line parser in the upload jar");
    }
  }
}
