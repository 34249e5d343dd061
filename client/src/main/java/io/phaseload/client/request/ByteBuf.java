package io.phaseload.client.request;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer reused for every request a thread renders: it grows (rarely) to the
 * largest request seen and then never allocates again. Numbers are written digit by digit, without
 * a String. Not thread-safe; one per user thread.
 */
public final class ByteBuf {

  private byte[] bytes;
  private int length;

  public ByteBuf(int capacity) {
    bytes = new byte[Math.max(16, capacity)];
  }

  public void clear() {
    length = 0;
  }

  public int length() {
    return length;
  }

  /** The backing array; valid up to {@link #length}. */
  public byte[] array() {
    return bytes;
  }

  public ByteBuf append(byte[] b) {
    return append(b, 0, b.length);
  }

  public ByteBuf append(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, bytes, length, len);
    length += len;
    return this;
  }

  public ByteBuf append(byte b) {
    ensure(1);
    bytes[length++] = b;
    return this;
  }

  /** Appends {@code n} in decimal. */
  public ByteBuf append(long n) {
    if (n == Long.MIN_VALUE) {
      return append(Long.toString(n).getBytes(StandardCharsets.US_ASCII));
    }
    ensure(20);
    if (n < 0) {
      bytes[length++] = '-';
      n = -n;
    }
    int start = length;
    do {
      bytes[length++] = (byte) ('0' + n % 10);
      n /= 10;
    } while (n != 0);
    for (int i = start, j = length - 1; i < j; i++, j--) {
      byte t = bytes[i];
      bytes[i] = bytes[j];
      bytes[j] = t;
    }
    return this;
  }

  private void ensure(int more) {
    if (length + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + more));
    }
  }
}
