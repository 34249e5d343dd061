package io.phaseload.client.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;

/**
 * A loopback HTTP/1.1 server (plain or TLS) that answers every request as a {@link Script} says, to
 * test clients against servers that close, chunk, fail, lie, dawdle or hang up. It reads each
 * request whole (Content-Length or chunked body) before asking the script, and counts connections
 * and requests so that tests can assert that a client sent exactly what it counted.
 *
 * <p>One platform thread per connection. Thread-safe; {@link #close} stops everything.
 */
public final class ScriptedServer implements AutoCloseable {

  /**
   * One request as read.
   *
   * @param connection the connection's number, from 0 in order of acceptance
   * @param onConnection the request's number on its connection, from 0
   * @param index the request's number on the server, from 0
   * @param headers the header lines as they arrived, in order
   */
  public record Request(
      int connection,
      int onConnection,
      int index,
      String method,
      String target,
      List<String> headers,
      byte[] body) {

    /** The value of the first header named {@code name} (any case), trimmed; null if none. */
    public String header(String name) {
      for (String h : headers) {
        int colon = h.indexOf(':');
        if (colon > 0 && h.substring(0, colon).trim().equalsIgnoreCase(name)) {
          return h.substring(colon + 1).trim();
        }
      }
      return null;
    }
  }

  /** Decides the reply to each request; called on the connection's thread. */
  @FunctionalInterface
  public interface Script {
    Reply reply(Request request);
  }

  private final ServerSocket listener;
  private final InetAddress address;
  private final Script script;
  private final boolean tls;
  private final Thread acceptor;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final AtomicInteger connections = new AtomicInteger();
  private final AtomicInteger requests = new AtomicInteger();
  private final Semaphore closed = new Semaphore(0);

  private ScriptedServer(ServerSocket listener, Script script, boolean tls, InetAddress address) {
    this.listener = listener;
    this.address = address;
    this.script = script;
    this.tls = tls;
    this.acceptor = new Thread(this::accept, "scripted-accept");
    acceptor.setDaemon(true);
  }

  /** Starts a plain http server on 127.0.0.1 and an ephemeral port. */
  public static ScriptedServer start(Script script) throws IOException {
    return start(script, null);
  }

  /** Starts an https server with {@code tls}'s key, or plain http if it is null. */
  public static ScriptedServer start(Script script, SSLContext tls) throws IOException {
    return start(script, tls, InetAddress.getLoopbackAddress());
  }

  /** Starts a server on {@code address}, which must be a loopback address. */
  public static ScriptedServer start(Script script, SSLContext tls, InetAddress address)
      throws IOException {
    if (!address.isLoopbackAddress()) {
      throw new IllegalArgumentException("test servers listen on loopback only: " + address);
    }
    ServerSocket listener =
        tls == null
            ? new ServerSocket(0, 50, address)
            : tls.getServerSocketFactory().createServerSocket(0, 50, address);
    ScriptedServer server = new ScriptedServer(listener, script, tls != null, address);
    server.acceptor.start();
    return server;
  }

  public int port() {
    return listener.getLocalPort();
  }

  /** {@code http(s)://ADDRESS:PORT} followed by {@code path}. */
  public String url(String path) {
    String host = address.getHostAddress();
    host = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    return (tls ? "https" : "http") + "://" + host + ":" + port() + path;
  }

  /** Connections accepted so far. */
  public int connections() {
    return connections.get();
  }

  /** Requests read whole so far, answered or not. */
  public int requests() {
    return requests.get();
  }

  /**
   * Waits until {@code n} more connections have ended on the server's side (each counted once).
   *
   * @return false if they did not within {@code timeout}
   */
  public boolean awaitClosed(int n, Duration timeout) throws InterruptedException {
    return closed.tryAcquire(n, timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    try {
      listener.close();
    } catch (IOException e) {
      // closing anyway
    }
    for (Socket s : open) {
      closeQuietly(s);
    }
    try {
      acceptor.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void accept() {
    while (!listener.isClosed()) {
      Socket s;
      try {
        s = listener.accept();
      } catch (IOException e) {
        return; // closed
      }
      int number = connections.getAndIncrement();
      open.add(s);
      Thread t = new Thread(() -> serve(s, number), "scripted-conn-" + number);
      t.setDaemon(true);
      t.start();
    }
  }

  private void serve(Socket s, int connection) {
    try (s) {
      InputStream in = new BufferedInputStream(s.getInputStream());
      OutputStream out = s.getOutputStream();
      for (int n = 0; ; n++) {
        Request request = readRequest(in, connection, n);
        if (request == null) {
          return;
        }
        Reply reply = script.reply(request);
        reply.play(out);
        if (reply.end() == Reply.End.RESET) {
          s.setSoLinger(true, 0);
        }
        if (reply.end() != Reply.End.KEEP) {
          return;
        }
      }
    } catch (IOException e) {
      // the client went away, or the server is closing
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      open.remove(s);
      closed.release();
    }
  }

  /** Reads one request; null at a clean end of stream before it. */
  private Request readRequest(InputStream in, int connection, int onConnection) throws IOException {
    String requestLine = line(in, true);
    if (requestLine == null) {
      return null;
    }
    String[] parts = requestLine.split(" ");
    if (parts.length != 3) {
      throw new IOException("bad request line: " + requestLine);
    }
    int length = 0;
    boolean chunked = false;
    List<String> headers = new ArrayList<>();
    for (String h = line(in, false); !h.isEmpty(); h = line(in, false)) {
      headers.add(h);
      String lower = h.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Integer.parseInt(h.substring(15).trim());
      } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
        chunked = true;
      }
    }
    byte[] body = chunked ? readChunked(in) : in.readNBytes(length);
    if (body.length < length) {
      throw new EOFException("body cut short");
    }
    int index = requests.getAndIncrement();
    return new Request(
        connection, onConnection, index, parts[0], parts[1], List.copyOf(headers), body);
  }

  private static byte[] readChunked(InputStream in) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      String sizeLine = line(in, false);
      int semi = sizeLine.indexOf(';');
      int size = Integer.parseInt((semi < 0 ? sizeLine : sizeLine.substring(0, semi)).trim(), 16);
      if (size == 0) {
        while (!line(in, false).isEmpty()) {
          // trailers
        }
        return body.toByteArray();
      }
      body.writeBytes(in.readNBytes(size));
      line(in, false);
    }
  }

  /** A line without its CRLF; null at end of stream if {@code eofOk} and nothing was read. */
  private static String line(InputStream in, boolean eofOk) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    while (true) {
      int c = in.read();
      if (c < 0) {
        if (eofOk && b.size() == 0) {
          return null;
        }
        throw new EOFException("end of stream in a line");
      }
      if (c == '\n') {
        String s = b.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
      }
      b.write(c);
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
