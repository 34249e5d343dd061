package io.phaseload.client.result;

import io.phaseload.client.request.Reasons;

/**
 * A run in progress as the views that watch it read it (the live page, the metrics): the recording
 * its threads fill, and the generator's own load in the current phase so far. Handed to a {@link
 * PhaseListener} before the first phase; its methods may be called from any thread, and answer
 * racily (a figure may lag the run by a request or a phase boundary).
 */
public interface RunView {

  /** The recording the run fills; read it during the run through a {@link RecordingCursor}. */
  LatencyRecorder recording();

  /** The messages of the failure reasons its recording refers to, as they are interned. */
  Reasons reasons();

  /** The generator's load since the current phase began; null before the first phase. */
  GeneratorLoad generator();
}
