package io.phaseload.client.engine;

import io.phaseload.client.engine.http1.ResponseParser;
import io.phaseload.client.engine.http1.ResponseReader;
import io.phaseload.client.request.Reasons;
import java.util.function.LongConsumer;

/**
 * A lean blocking HTTP/1.1 engine: each session keeps one persistent connection per origin (TLS
 * through {@code SSLSocket} for https), sends requests without variables from bytes serialized once
 * here, renders the others into the thread's reused buffer, and reads responses into buffers it
 * reuses. See {@link RawSession} for how connections are kept and replaced.
 *
 * <p>Thread-safe: the engine holds only immutable state; sessions are per thread.
 */
public final class RawEngine implements Engine {

  private final Wire wire;
  private final LiveSockets sockets = new LiveSockets();
  private final int connectTimeoutMillis;
  private final int readTimeoutMillis;
  private final Reasons reasons;

  public RawEngine(EngineSettings settings) {
    this.wire = Wire.of(settings);
    this.connectTimeoutMillis = millis(settings.connectTimeout().toMillis());
    this.readTimeoutMillis = millis(settings.readTimeout().toMillis());
    this.reasons = settings.reasons();
  }

  @Override
  public Session open() {
    return new RawSession(wire, sockets, connectTimeoutMillis, readTimeoutMillis, reasons);
  }

  @Override
  public void prepare() {
    Engine.super.prepare();
    ResponseParser.prepare();
    new ResponseReader();
    wire.renderEach();
  }

  /** A thread each, blocking on its own session: {@link ThreadUsers}. */
  @Override
  public void drive(User[] users, Drive how, LongConsumer started) throws InterruptedException {
    ThreadUsers.drive(this, users, how, started);
  }

  @Override
  public void abort() {
    sockets.abort();
  }

  @Override
  public void close() {}

  private static int millis(long ms) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, ms));
  }
}
