package io.phaseload.client.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes Job template (scripts/k8s/phaseload-job.yaml) and the client image
 * (scripts/k8s/Dockerfile) say what a sharded run needs: one pod per shard, each told its shard by
 * its completion index, none retried, all starting together and recording to the volume run.sh
 * copies from. The tests run in client/, so the scripts are one directory up.
 */
class JobManifestTest {

  private static final Path K8S = Path.of("..", "scripts", "k8s");
  private static final Path MANIFEST = K8S.resolve("phaseload-job.yaml");

  private static JsonNode job;
  private static JsonNode pod;
  private static JsonNode container;
  private static List<String> args;

  @BeforeAll
  static void parse() throws IOException {
    job = new ObjectMapper(new YAMLFactory()).readTree(MANIFEST.toFile());
    pod = job.at("/spec/template/spec");
    container = pod.at("/containers/0");
    args = new ArrayList<>();
    container.get("args").forEach(a -> args.add(a.textValue()));
  }

  @Test
  void isAnIndexedJobWithOnePodPerShardAtOnce() {
    assertEquals("batch/v1", job.get("apiVersion").textValue());
    assertEquals("Job", job.get("kind").textValue());
    JsonNode spec = job.get("spec");
    assertEquals("Indexed", spec.get("completionMode").textValue());
    assertEquals("@SHARDS@", spec.get("completions").textValue());
    assertEquals("@SHARDS@", spec.get("parallelism").textValue());
  }

  @Test
  void neverRunsAShardTwice() {
    assertEquals(0, job.at("/spec/backoffLimit").intValue());
    assertTrue(job.at("/spec/backoffLimit").isInt());
    assertEquals("Never", pod.get("restartPolicy").textValue());
  }

  @Test
  void tellsEachPodItsShardTheStartAndTheRun() {
    assertEquals(List.of("@THREADS@", "@ITERATIONS@", "@HOST@", "@PORT@"), args.subList(0, 4));
    assertEquals("$(JOB_COMPLETION_INDEX)/@SHARDS@", after("--shard"));
    assertEquals("@START_AT@", after("--start-at"));
    assertTrue(args.contains("--quiet"), args.toString());
    boolean declared = false;
    for (JsonNode env : container.get("env")) {
      declared |= env.get("name").textValue().equals("JOB_COMPLETION_INDEX");
    }
    assertTrue(declared, "$(JOB_COMPLETION_INDEX) expands only from the container's env");
  }

  @Test
  void recordsToAVolumeOfThePod() {
    String out = null;
    String volume = null;
    for (JsonNode mount : container.get("volumeMounts")) {
      if (mount.get("mountPath").textValue().equals("/out")) {
        out = mount.get("mountPath").textValue();
        volume = mount.get("name").textValue();
      }
    }
    assertEquals("/out", out, "a volume mounted at /out");
    String record = after("--record");
    assertTrue(record.startsWith(out + "/"), record);
    assertTrue(record.contains("$(JOB_COMPLETION_INDEX)"), "one record file per shard: " + record);
    boolean backed = false;
    for (JsonNode v : pod.get("volumes")) {
      backed |= v.get("name").textValue().equals(volume);
    }
    assertTrue(backed, "the pod has the volume " + volume);
  }

  @Test
  void asksForCpuAndMemory() {
    JsonNode resources = container.get("resources");
    for (String kind : List.of("requests", "limits")) {
      for (String what : List.of("cpu", "memory")) {
        assertFalse(resources.at("/" + kind + "/" + what).isMissingNode(), kind + "." + what);
      }
    }
  }

  /**
   * scripts/k8s/lib-job.sh reads args with awk, not a YAML parser: a block list of one
   * double-quoted item a line. It must read what the parser reads.
   */
  @Test
  void keepsArgsInTheFormTheShellScriptsRead() throws IOException {
    List<String> lines = Files.readAllLines(MANIFEST);
    int start = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals("args:")) {
        start = i;
      }
    }
    assertTrue(start >= 0, "an 'args:' line on its own");
    Pattern item = Pattern.compile("\\s*- \"([^\"\\\\]*)\"\\s*");
    List<String> read = new ArrayList<>();
    for (int i = start + 1; i < lines.size(); i++) {
      var m = item.matcher(lines.get(i));
      if (!m.matches()) {
        assertFalse(lines.get(i).strip().startsWith("- "), "not double-quoted: " + lines.get(i));
        break;
      }
      read.add(m.group(1));
    }
    List<String> withoutExtra = new ArrayList<>(args);
    assertTrue(withoutExtra.remove("@EXTRA_ARGS@"), "an @EXTRA_ARGS@ item for run.sh's extra args");
    read.remove("@EXTRA_ARGS@");
    assertEquals(withoutExtra, read);
  }

  @Test
  void imageRunsClientJarOnAJre() throws IOException {
    String dockerfile = Files.readString(K8S.resolve("Dockerfile"));
    assertTrue(
        Pattern.compile("(?m)^FROM \\S*jre\\S*").matcher(dockerfile).find(), "a JRE base image");
    assertTrue(dockerfile.contains("COPY client/target/client.jar"), "client.jar copied in");
    assertTrue(dockerfile.contains("ENTRYPOINT [\"/opt/phaseload/entrypoint.sh\"]"));
    String ignore = Files.readString(K8S.resolve("Dockerfile.dockerignore"));
    assertTrue(ignore.contains("!client/target/client.jar"), "the jar is in the build context");
    assertTrue(ignore.contains("!scripts/k8s/entrypoint.sh"), "the entrypoint is too");
    String entrypoint = Files.readString(K8S.resolve("entrypoint.sh"));
    assertTrue(entrypoint.contains("ulimit -n \"$hard\""), "raises open files to the hard limit");
  }

  private static String after(String flag) {
    int i = args.indexOf(flag);
    assertTrue(i >= 0 && i + 1 < args.size(), flag + " with a value in " + args);
    return args.get(i + 1);
  }
}
