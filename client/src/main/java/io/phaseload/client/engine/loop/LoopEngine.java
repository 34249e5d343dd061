package io.phaseload.client.engine.loop;

import io.phaseload.client.engine.Drive;
import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.EngineSettings;
import io.phaseload.client.engine.Origin;
import io.phaseload.client.engine.Protocol;
import io.phaseload.client.engine.User;
import io.phaseload.client.engine.Wire;
import io.phaseload.client.engine.http1.Http1Connection;
import io.phaseload.client.engine.http1.ResponseParser;
import io.phaseload.client.engine.http2.Http2Connections;
import io.phaseload.client.request.Reasons;
import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import javax.net.ssl.SSLException;

/**
 * The event-loop engine, {@code --engine loop}: a few {@link EventLoop}s (one per core unless told
 * otherwise), each driving many non-blocking connections, so that a user is a connection and a
 * small state machine instead of a thread. Each user reaches each origin by a {@link Route} of one
 * protocol, HTTP/1.1's {@link Http1Connection} (its socket and TLS a {@link LoopSocket}): requests
 * without variables are written from the bytes {@link Wire} encoded once; responses are parsed in
 * place from the loop's buffer by the one {@code ResponseParser}, with the thread engine's outcomes
 * and reasons; https through {@link LoopTls}, an {@code SSLEngine} per connection on the thread
 * engine's trust settings.
 *
 * <p>A run drives its users through {@link #drive} ({@link LoopUsers}): each is stepped on its
 * loop's thread when its answer comes or its timer fires. {@link #open} gives the blocking {@link
 * Engine.Session} every engine has, for callers that wait on each request (tests, probes).
 *
 * <p>Thread-safe: {@link #user}, {@link #open}, {@link #abort} and {@link #close} may be called
 * from any thread.
 */
public final class LoopEngine implements Engine {

  /**
   * The route each origin's users take, by origin: HTTP/1.1's {@link Http1Connection}. A protocol
   * is a {@link Route} and a {@link LoopChannel}, in a package of its own, picked here.
   */
  private final Route.Maker[] protocols;

  /** The connections HTTP/2's users share, all loops together; 0 for a connection per user. */
  private final int shared;

  private final Wire wire;
  private final EventLoop[] loops;
  private final AtomicInteger next = new AtomicInteger();
  private final Reasons reasons;

  /** The longest opening connections ahead may take: a connect's timeout, then a handshake's. */
  private final long aheadBoundNanos;

  private volatile boolean aborted;

  /**
   * Each loop runs on a daemon thread of its own: for callers with no run executor (tests, probes).
   */
  public static final Executor OWN_THREADS =
      r -> {
        Thread t = new Thread(r);
        t.setDaemon(true);
        t.start();
      };

  /**
   * @param loops how many event loops
   * @param on runs each loop as a task for the engine's life, each on a platform thread: the run's
   *     executor, so that one pool serves every phase
   */
  public LoopEngine(EngineSettings settings, int loops, Executor on) {
    if (loops < 1) {
      throw new IllegalArgumentException("loops must be at least 1, got " + loops);
    }
    this.wire = Wire.of(settings);
    this.protocols = protocols(settings.protocol(), wire, loops);
    this.shared = settings.protocol().http2() ? settings.protocol().connections() : 0;
    this.reasons = settings.reasons();
    this.aheadBoundNanos = settings.connectTimeout().plus(settings.readTimeout()).toNanos();
    this.loops = new EventLoop[loops];
    for (int i = 0; i < loops; i++) {
      this.loops[i] =
          new EventLoop(
              this::aborted,
              settings.reasons(),
              i,
              settings.connectTimeout().toNanos(),
              settings.readTimeout().toNanos());
    }
    for (EventLoop l : this.loops) {
      l.start(on);
    }
  }

  /**
   * One loop per core, and no more loops than users, nor than the connections HTTP/2 shares, each a
   * task of {@code on}.
   */
  public LoopEngine(EngineSettings settings, Executor on) {
    this(settings, defaultLoops(connections(settings)), on);
  }

  /** The most connections the engine keeps at once: one per user, or HTTP/2's shared ones. */
  private static int connections(EngineSettings settings) {
    int shared = settings.protocol().connections();
    return shared > 0 ? Math.min(shared, settings.maxConnections()) : settings.maxConnections();
  }

  /**
   * Each origin's protocol: HTTP/1.1, or HTTP/2 as asked (with prior knowledge on http, by ALPN on
   * https: the run found the server's choice before, {@code engine.Alpn}).
   */
  private static Route.Maker[] protocols(Protocol protocol, Wire wire, int loops) {
    Route.Maker[] makers = new Route.Maker[wire.origins().length];
    Route.Maker http2 =
        protocol.http2()
            ? new Http2Connections(wire, protocol.connections(), protocol.streams(), loops)
            : null;
    Arrays.fill(makers, protocol.http2() ? http2 : (Route.Maker) Http1Connection::new);
    return makers;
  }

  /** The loops a run of {@code users} concurrent users gets by default: one per core. */
  public static int defaultLoops(int users) {
    return Math.max(1, Math.min(users, Runtime.getRuntime().availableProcessors()));
  }

  /** How many loops (threads) drive the connections. */
  int loops() {
    return loops.length;
  }

  /** A new user on the next loop in turn, whose outcomes {@code caller} hears. Thread-safe. */
  LoopUser user(Caller caller) {
    return user(Math.floorMod(next.getAndIncrement(), loops.length), caller);
  }

  /** A new user on loop {@code loop}, whose outcomes {@code caller} hears. Thread-safe. */
  LoopUser user(int loop, Caller caller) {
    return new LoopUser(loops[loop], caller, wire, protocols);
  }

  /**
   * Gives loop {@code loop} a ticker (null to take it away), from that loop's thread, soon.
   * Thread-safe.
   */
  void ticker(int loop, Ticker ticker) {
    EventLoop l = loops[loop];
    l.execute(() -> l.ticker(ticker));
  }

  /** Why a loop ended by a fault of its own; null if none did. */
  private String death() {
    for (EventLoop l : loops) {
      String why = l.death();
      if (why != null) {
        return why;
      }
    }
    return null;
  }

  /** Runs the users on the loops: callbacks and timers, not a thread per user. */
  @Override
  public void drive(User[] users, Drive how, LongConsumer started) throws InterruptedException {
    LoopUsers.Users made =
        new LoopUsers.Users() {
          @Override
          public LoopUser on(int loop, Caller caller) {
            return user(loop, caller);
          }

          @Override
          public int loopOf(int user, int used) {
            // HTTP/2's shared connection c lives on loop c % loops: a user goes where its is.
            return shared > 0 ? (user % shared) % used : user % used;
          }
        };
    new LoopUsers(loops.length, made, this::ticker, how, aheadBoundNanos, reasons)
        .drive(users, started, this::death);
  }

  @Override
  public Session open() {
    LoopSession session = new LoopSession();
    session.bind(user(session));
    return session;
  }

  @Override
  public void prepare() {
    Engine.super.prepare();
    ResponseParser.prepare();
    for (Origin o : wire.origins()) {
      if (o.tlsContext != null) {
        try {
          LoopTls.prepare(o);
        } catch (SSLException e) {
          // the run's first handshake meets the same failure and counts it
        }
      }
    }
    wire.renderEach();
  }

  boolean aborted() {
    return aborted;
  }

  @Override
  public void abort() {
    aborted = true;
    for (EventLoop l : loops) {
      l.wakeup();
    }
  }

  @Override
  public void close() {
    for (EventLoop l : loops) {
      l.stop();
    }
    for (EventLoop l : loops) {
      try {
        l.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
