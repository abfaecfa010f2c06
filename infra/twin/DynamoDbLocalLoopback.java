/*
 * Starts DynamoDB Local on 127.0.0.1 only. The jar has no bind option: its DynamoDBProxyServer
 * builds a Jetty Server from the port alone, whose connector then listens on every interface.
 * This launcher builds the server exactly as the jar's own main does
 * (ServerRunner.createServerFromCommandLineArgs, same arguments), sets the host of each Jetty
 * connector to 127.0.0.1 before start, and starts it. Telemetry is never configured here (the
 * jar's main does that step), so nothing phones home.
 *
 * Run by `java` in source-file mode (JDK 11+ compiles it in memory: no build step, nothing
 * downloaded), with the jar on the class path: infra/twin/services.ts. Everything is reflection,
 * so it compiles against the JDK alone whatever DynamoDB Local release is installed. Any surprise
 * (no connector, no setHost) stops the process instead of listening on every interface.
 */
import java.lang.reflect.Field;
import java.lang.reflect.Method;

public class DynamoDbLocalLoopback {
  static final String HOST = "127.0.0.1";

  public static void main(String[] args) throws Exception {
    try {
      Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
      Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
      Field serverField = proxy.getClass().getDeclaredField("server");
      serverField.setAccessible(true);
      Object jetty = serverField.get(proxy);
      Object[] connectors = (Object[]) jetty.getClass().getMethod("getConnectors").invoke(jetty);
      if (connectors.length == 0) throw new IllegalStateException("Jetty server has no connector");
      for (Object connector : connectors) {
        connector.getClass().getMethod("setHost", String.class).invoke(connector, HOST);
      }
      proxy.getClass().getMethod("start").invoke(proxy);
      // start() reports a port already in use on stderr and returns: check we really listen, and where.
      for (Object connector : connectors) {
        Method host = connector.getClass().getMethod("getHost");
        Method localPort = connector.getClass().getMethod("getLocalPort");
        if (!HOST.equals(host.invoke(connector)) || (int) localPort.invoke(connector) <= 0) {
          throw new IllegalStateException("DynamoDB Local is not listening on " + HOST);
        }
      }
      System.err.println("DynamoDB Local listening on " + HOST);
    } catch (Throwable e) {
      Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null ? e.getCause() : e;
      System.err.println("DynamoDB Local (loopback launcher) failed: " + cause);
      System.exit(1);
    }
  }
}
