package io.phaseload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.common.Contract;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Far more concurrent keep-alive connections than worker threads: requests queue and complete, none
 * is dropped, and {@code /stats} accounts for every one.
 */
class OverloadTest {

  private static final int WORKERS = 2;
  private static final int CLIENTS = 200;
  private static final int REQUESTS_EACH = 20;

  @Test
  void everyQueuedRequestCompletesAndIsCounted() throws Exception {
    ServerConfig config = ServerConfig.ephemeral().withWorkers(WORKERS);
    try (PhaseloadServer server = PhaseloadServer.start(config)) {
      AtomicInteger ok = new AtomicInteger();
      AtomicInteger other = new AtomicInteger();
      CountDownLatch ready = new CountDownLatch(CLIENTS);
      CountDownLatch go = new CountDownLatch(1);
      List<Thread> threads = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        String path = c % 2 == 0 ? "/sayHello" : "/work?ms=5";
        Thread t =
            new Thread(() -> client(server.port(), path, ready, go, ok, other), "overload-" + c);
        t.start();
        threads.add(t);
      }
      ready.await();
      go.countDown();
      for (Thread t : threads) {
        t.join(60_000);
      }
      int total = CLIENTS * REQUESTS_EACH;
      assertEquals(0, other.get(), "requests that did not get a 200");
      assertEquals(total, ok.get());
      assertEquals(total, server.stats().received());
      assertEquals(total, server.stats().answered());
      assertEquals(total / 2, server.stats().endpoint("GET /sayHello"));
      assertEquals(total / 2, server.stats().endpoint("GET /work"));
    }
  }

  private static void client(
      int port,
      String path,
      CountDownLatch ready,
      CountDownLatch go,
      AtomicInteger ok,
      AtomicInteger other) {
    byte[] request =
        ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      ready.countDown();
      go.await();
      for (int i = 0; i < REQUESTS_EACH; i++) {
        out.write(request);
        out.flush();
        RawHttp.Response r = RawHttp.read(in);
        if (r.status() == 200 && r.body().equals(Contract.GET_ANSWER)) {
          ok.incrementAndGet();
        } else {
          other.incrementAndGet();
        }
      }
    } catch (IOException | InterruptedException e) {
      other.addAndGet(REQUESTS_EACH);
      ready.countDown();
    }
  }
}
