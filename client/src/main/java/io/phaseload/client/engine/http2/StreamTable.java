package io.phaseload.client.engine.http2;

import java.util.Arrays;

/**
 * A connection's open streams, by id: open addressing with linear probing, grown as more are open
 * at once, the entries after one removed shifted back so that no tombstone is left. Ids are odd and
 * rise by 2, so {@code id / 2} spreads them over the slots. Loop thread only; allocates only to
 * grow.
 */
final class StreamTable {

  private Http2Stream[] table = new Http2Stream[16];
  private int size;

  /** How many streams are open. */
  int size() {
    return size;
  }

  /** Adds {@code r}, whose {@link Http2Stream#stream} is its id. */
  void put(Http2Stream r) {
    if (2 * (size + 1) > table.length) {
      Http2Stream[] old = table;
      table = new Http2Stream[2 * old.length];
      for (Http2Stream o : old) {
        if (o != null) {
          table[slot(o.stream)] = o;
        }
      }
    }
    table[slot(r.stream)] = r;
    size++;
  }

  /** The open stream {@code id}; null if none is. */
  Http2Stream find(int id) {
    Http2Stream r = table[slot(id)];
    return r != null && r.stream == id ? r : null;
  }

  /** Takes {@code r} out, if it is in. */
  void remove(Http2Stream r) {
    int mask = table.length - 1;
    int i = slot(r.stream);
    if (table[i] != r) {
      return;
    }
    table[i] = null;
    size--;
    for (int j = (i + 1) & mask; table[j] != null; j = (j + 1) & mask) {
      Http2Stream moved = table[j];
      table[j] = null;
      table[slot(moved.stream)] = moved;
    }
  }

  void clear() {
    Arrays.fill(table, null);
    size = 0;
  }

  /**
   * The slots, for a look at every open stream: {@link #at} each from 0 to this. A removal during
   * the look moves entries, so a look that removes starts again from 0.
   */
  int capacity() {
    return table.length;
  }

  /** The stream in slot {@code i}; null if the slot is free. */
  Http2Stream at(int i) {
    return table[i];
  }

  /** Where stream {@code id} is, or the free slot it would take. */
  private int slot(int id) {
    int mask = table.length - 1;
    int i = (id >>> 1) & mask;
    while (table[i] != null && table[i].stream != id) {
      i = (i + 1) & mask;
    }
    return i;
  }
}
