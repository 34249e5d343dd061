package io.phaseload.client.request;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;

/**
 * Reads YAML into a tree, refusing aliases ({@code X-B: *a}). Jackson reads an alias as the
 * anchor's name, so {@code *a} would be sent as the text "a"; phaseload does not resolve them, and
 * says so at the alias's line. Stateless.
 */
final class NoAliases extends JsonParserDelegate {

  private static final YAMLFactory FACTORY = new YAMLFactory();
  private static final ObjectMapper MAPPER = new ObjectMapper(FACTORY);

  private final YAMLParser yaml;

  private NoAliases(YAMLParser yaml) {
    super(yaml);
    this.yaml = yaml;
  }

  /**
   * The tree of {@code bytes} (a missing node if empty).
   *
   * @throws JsonParseException at an alias, or at what is not valid YAML
   */
  static JsonNode readTree(byte[] bytes) throws IOException {
    try (YAMLParser p = FACTORY.createParser(bytes)) {
      JsonNode root = MAPPER.readTree(new NoAliases(p));
      return root == null ? MissingNode.getInstance() : root;
    }
  }

  @Override
  public JsonToken nextToken() throws IOException {
    JsonToken t = super.nextToken();
    if (yaml.isCurrentAlias()) {
      throw new JsonParseException(
          this,
          "*"
              + yaml.getText()
              + " is an alias, which phaseload does not resolve: write the value out",
          yaml.currentTokenLocation());
    }
    return t;
  }

  @Override
  public JsonToken nextValue() throws IOException {
    JsonToken t = nextToken();
    return t == JsonToken.FIELD_NAME ? nextToken() : t;
  }
}
