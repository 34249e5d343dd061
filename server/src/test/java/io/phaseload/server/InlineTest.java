package io.phaseload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.common.Contract;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Where requests run: whole ones on the I/O thread, bodies still arriving on a worker, and every
 * request on a worker with inlining off. Each path must answer the contract.
 */
class InlineTest {

  /** Far larger than one socket read, so the body is still arriving when the head is parsed. */
  private static final int BIG_INPUT = 900_000;

  @Test
  void inlineAnswersWholeRequestsAndHandsPartBodiesToAWorker() throws IOException {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      assertContract(server);
    }
  }

  @Test
  void withoutInliningEveryPathStillAnswers() throws IOException {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral().withWorkers(2))) {
      assertContract(server);
    }
  }

  @Test
  void onlyWorkRequestsCountAsSuspending() {
    assertTrue(RequestGuard.suspends("/work"));
    assertTrue(RequestGuard.suspends("//work/"));
    assertFalse(RequestGuard.suspends("/workshop"));
    assertFalse(RequestGuard.suspends("/sayHello"));
    assertFalse(RequestGuard.suspends("/"));
  }

  private static void assertContract(PhaseloadServer server) throws IOException {
    int port = server.port();
    RawHttp.Response get = RawHttp.exchange(port, RawHttp.request("GET", "/sayHello", null, null));
    assertEquals(Contract.GET_ANSWER, get.body());
    String small = Contract.POST_BODY;
    RawHttp.Response post =
        RawHttp.exchange(port, RawHttp.request("POST", "/sayHello", "application/json", small));
    assertEquals(Contract.POST_ANSWER, post.body());
    String big = "{\"input\":\"" + "x".repeat(BIG_INPUT) + "\"}";
    RawHttp.Response bigPost =
        RawHttp.exchange(port, RawHttp.request("POST", "/sayHello", "application/json", big));
    assertEquals("{\"response\":\"" + BIG_INPUT + "\"}", bigPost.body());
    RawHttp.Response work =
        RawHttp.exchange(port, RawHttp.request("GET", "/work?ms=5", null, null));
    assertEquals(Contract.GET_ANSWER, work.body());
    assertEquals(4, server.stats().answered());
  }
}
