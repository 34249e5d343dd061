import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.*;
import io.netty.channel.epoll.*;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.*;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;

/**
 * The same minimal closed-loop HTTP client twice, on java.nio selectors and on Netty's native epoll
 * transport: each of C connections sends one fixed GET, counts the response by its known last
 * bytes, sends again. No parsing, no recording: only the transport differs. Not part of the build;
 * scripts/nio-vs-netty.sh compiles and runs it against nginx, beside wrk.
 *
 * <p>Usage: java NioVsNetty nio|netty CONNECTIONS SECONDS PORT
 */
public class NioVsNetty {
  static final byte[] REQ = "GET /items/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: phaseload\r\nAccept: */*\r\nConnection: keep-alive\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  static final byte[] END = "\"item\"}".getBytes(StandardCharsets.US_ASCII);
  static final LongAdder done = new LongAdder();
  static volatile boolean running = true;

  static final class Matcher { int m; int feed(byte b) { if (b == END[m]) { if (++m == END.length) { m = 0; return 1; } } else m = b == END[0] ? 1 : 0; return 0; } }

  public static void main(String[] a) throws Exception {
    String mode = a[0]; int conns = Integer.parseInt(a[1]); int threads = 2; int secs = Integer.parseInt(a[2]);
    InetSocketAddress addr = new InetSocketAddress("127.0.0.1", Integer.parseInt(a[3]));
    if (mode.equals("nio")) {
      for (int t = 0; t < threads; t++) {
        int n = conns / threads;
        new Thread(() -> { try { nio(addr, n); } catch (Exception e) { e.printStackTrace(); } }).start();
      }
    } else {
      EventLoopGroup g = new EpollEventLoopGroup(threads);
      ByteBuf req = Unpooled.directBuffer(REQ.length).writeBytes(REQ);
      Bootstrap b = new Bootstrap().group(g).channel(EpollSocketChannel.class).option(ChannelOption.TCP_NODELAY, true)
        .handler(new ChannelInitializer<io.netty.channel.Channel>() { protected void initChannel(io.netty.channel.Channel ch) {
          ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
            final Matcher mt = new Matcher();
            public void channelActive(ChannelHandlerContext c) { c.writeAndFlush(req.retainedDuplicate()); }
            public void channelRead(ChannelHandlerContext c, Object msg) {
              ByteBuf buf = (ByteBuf) msg; int got = 0;
              for (int i = buf.readerIndex(); i < buf.writerIndex(); i++) got += mt.feed(buf.getByte(i));
              buf.release();
              if (got > 0) { done.add(got); if (running) c.writeAndFlush(req.retainedDuplicate()); }
            } }); } });
      for (int i = 0; i < conns; i++) b.connect(addr).sync();
    }
    Thread.sleep(2000); long s0 = done.sum(); long t0 = System.nanoTime();
    Thread.sleep(secs * 1000L); long s1 = done.sum(); long t1 = System.nanoTime();
    System.out.printf("%s %d conns: %.0f req/s%n", mode, conns, (s1 - s0) * 1e9 / (t1 - t0));
    System.exit(0);
  }

  static void nio(InetSocketAddress addr, int n) throws Exception {
    Selector sel = Selector.open(); ByteBuffer rb = ByteBuffer.allocate(65536); ByteBuffer wb = ByteBuffer.allocateDirect(REQ.length);
    for (int i = 0; i < n; i++) { SocketChannel ch = SocketChannel.open(addr); ch.configureBlocking(false); ch.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
      ch.register(sel, SelectionKey.OP_READ, new Matcher()); wb.clear(); wb.put(REQ).flip(); ch.write(wb); }
    while (true) {
      sel.select(k -> { try { SocketChannel ch = (SocketChannel) k.channel(); Matcher mt = (Matcher) k.attachment();
        rb.clear(); int r = ch.read(rb); int got = 0; byte[] arr = rb.array();
        for (int i = 0; i < r; i++) got += mt.feed(arr[i]);
        if (got > 0) { done.add(got); wb.clear(); wb.put(REQ).flip(); ch.write(wb); }
      } catch (Exception e) { throw new RuntimeException(e); } });
    }
  }
}
