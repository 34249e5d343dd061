package io.phaseload.client.testing;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small HTTP/2 server with prior knowledge (h2c) on 127.0.0.1, for the faults real servers will
 * not make on cue: it answers each request as its {@link Script} says, with a 200 and a two-byte
 * body, a RST_STREAM, a GOAWAY, or nothing, after an optional delay, and advertises a limit on
 * concurrent streams. It counts what it received and answered, and the most streams a connection
 * held open at once. Request header blocks are not decoded (the client's are HPACK without a
 * dynamic table, but the server needs nothing from them): a request is its HEADERS frame, and its
 * end the END_STREAM flag on it or on its last DATA frame. A thread per connection.
 */
public final class H2Server implements AutoCloseable {

  /** What the server does with a request. */
  public enum Act {
    ANSWER,
    RESET,
    GOAWAY,
    HOLD
  }

  /** What to do with request number {@code n} (from 1, over all connections), on its stream. */
  public interface Script {
    Act act(int n, int stream);
  }

  private static final byte[] PREFACE =
      "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  /** The response's header block: {@code :status: 200}, static table entry 8, indexed. */
  private static final byte[] STATUS_200 = {(byte) 0x88};

  private final ServerSocket socket;
  private final Script script;
  private final int maxStreams;
  private final long delayMillis;
  private final Thread acceptor;
  private final ScheduledExecutorService later = Executors.newScheduledThreadPool(2);
  private final List<Socket> connections = new ArrayList<>();

  private final AtomicInteger requests = new AtomicInteger();
  private final AtomicInteger answered = new AtomicInteger();
  private final AtomicInteger opened = new AtomicInteger();
  private final AtomicInteger mostOpen = new AtomicInteger();
  private final AtomicInteger pings = new AtomicInteger();
  private final AtomicInteger sessions = new AtomicInteger();

  /** SETTINGS_INITIAL_WINDOW_SIZE to advertise; -1 for none. The server never opens it wider. */
  private final int window;

  private H2Server(Script script, int maxStreams, long delayMillis, int window) throws IOException {
    this.window = window;
    this.socket = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    this.script = script;
    this.maxStreams = maxStreams;
    this.delayMillis = delayMillis;
    this.acceptor = new Thread(this::accept, "h2-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /**
   * Starts a server.
   *
   * @param maxStreams SETTINGS_MAX_CONCURRENT_STREAMS to advertise; 0 for none
   * @param delayMillis how long each answer waits
   */
  public static H2Server start(Script script, int maxStreams, long delayMillis) throws IOException {
    return new H2Server(script, maxStreams, delayMillis, -1);
  }

  /** A server that gives each stream a window of {@code window} bytes and never more. */
  public static H2Server withWindow(int window) throws IOException {
    return new H2Server((n, stream) -> Act.ANSWER, 0, 0, window);
  }

  public String url(String path) {
    return "http://127.0.0.1:" + socket.getLocalPort() + path;
  }

  /** Requests whose HEADERS came. */
  public int requests() {
    return requests.get();
  }

  /** Requests answered 200. */
  public int answered() {
    return answered.get();
  }

  /** Connections accepted. */
  public int connections() {
    return opened.get();
  }

  /** The most streams any connection had open at once. */
  public int mostOpen() {
    return mostOpen.get();
  }

  /** Connections that began HTTP/2 with the client's preface. */
  public int sessions() {
    return sessions.get();
  }

  /** PINGs the client answered. */
  public int pingAcks() {
    return pings.get();
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        s.setTcpNoDelay(true);
        opened.incrementAndGet();
        synchronized (connections) {
          connections.add(s);
        }
        Thread t = new Thread(() -> serve(s), "h2-connection");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  /** One connection: its frames in order, its answers written under its output's lock. */
  private void serve(Socket s) {
    ConcurrentHashMap<Integer, Boolean> open = new ConcurrentHashMap<>();
    ConcurrentHashMap<Integer, Integer> pending = new ConcurrentHashMap<>();
    int[] last = {Integer.MAX_VALUE}; // the last stream processed, once a GOAWAY said it
    try (s) {
      DataInputStream in = new DataInputStream(s.getInputStream());
      OutputStream out = s.getOutputStream();
      byte[] preface = new byte[PREFACE.length];
      in.readFully(preface);
      if (!java.util.Arrays.equals(preface, PREFACE)) {
        return;
      }
      sessions.incrementAndGet();
      byte[] settings = new byte[(maxStreams > 0 ? 6 : 0) + (window >= 0 ? 6 : 0)];
      int at = 0;
      if (maxStreams > 0) {
        settings[at + 1] = 3;
        putInt(settings, at + 2, maxStreams);
        at += 6;
      }
      if (window >= 0) {
        settings[at + 1] = 4;
        putInt(settings, at + 2, window);
      }
      write(out, 4, 0, 0, settings);
      write(out, 6, 0, 0, new byte[8]); // a PING the client must answer
      while (true) {
        int length = in.readUnsignedByte() << 16 | in.readUnsignedShort();
        int type = in.readUnsignedByte();
        int flags = in.readUnsignedByte();
        int stream = in.readInt() & Integer.MAX_VALUE;
        byte[] payload = new byte[length];
        in.readFully(payload);
        if (type == 4 && (flags & 1) == 0) {
          write(out, 4, 1, 0, new byte[0]);
        } else if (type == 6 && (flags & 1) != 0) {
          pings.incrementAndGet();
        } else if (type == 1) {
          int n = requests.incrementAndGet();
          if (stream > last[0]) {
            continue; // refused by the GOAWAY sent: read, counted, not processed
          }
          open.put(stream, true);
          mostOpen.accumulateAndGet(open.size(), Math::max);
          if ((flags & 1) != 0) {
            act(out, open, n, stream, last);
          } else {
            pending.put(stream, n);
          }
        } else if (type == 0 && (flags & 1) != 0 && pending.containsKey(stream)) {
          act(out, open, pending.remove(stream), stream, last);
        } else if (type == 3) {
          open.remove(stream);
        }
      }
    } catch (IOException e) {
      // the client closed the connection, or the server is closing
    }
  }

  private void act(
      OutputStream out, ConcurrentHashMap<Integer, Boolean> open, int n, int stream, int[] last)
      throws IOException {
    Act act = script.act(n, stream);
    if (act == Act.GOAWAY) {
      last[0] = Math.max(0, stream - 2);
    }
    Runnable r =
        () -> {
          try {
            switch (act) {
              case ANSWER -> {
                open.remove(stream);
                answered.incrementAndGet();
                write(out, 1, 4, stream, STATUS_200);
                write(out, 0, 1, stream, "ok".getBytes(StandardCharsets.US_ASCII));
              }
              case RESET -> {
                open.remove(stream);
                byte[] code = new byte[4];
                putInt(code, 0, 2); // INTERNAL_ERROR
                write(out, 3, 0, stream, code);
              }
              case GOAWAY -> {
                // Refuses this stream and every later one: the last processed is the one before.
                byte[] goAway = new byte[8];
                putInt(goAway, 0, last[0]);
                write(out, 7, 0, 0, goAway);
              }
              case HOLD -> {}
            }
          } catch (IOException e) {
            // the connection is gone: the client counts what it lost
          }
        };
    if (delayMillis > 0 && act == Act.ANSWER) {
      later.schedule(r, delayMillis, TimeUnit.MILLISECONDS);
    } else {
      r.run();
    }
  }

  private static void write(OutputStream out, int type, int flags, int stream, byte[] payload)
      throws IOException {
    byte[] frame = new byte[9 + payload.length];
    frame[0] = (byte) (payload.length >>> 16);
    frame[1] = (byte) (payload.length >>> 8);
    frame[2] = (byte) payload.length;
    frame[3] = (byte) type;
    frame[4] = (byte) flags;
    putInt(frame, 5, stream);
    System.arraycopy(payload, 0, frame, 9, payload.length);
    synchronized (out) {
      out.write(frame);
      out.flush();
    }
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  @Override
  public void close() throws IOException {
    socket.close();
    later.shutdownNow();
    synchronized (connections) {
      for (Socket s : connections) {
        s.close();
      }
    }
  }
}
