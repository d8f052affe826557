import java.net.*;
public class Main {
  public static void main(String[] a) {
    String[][] targets = {{"127.0.0.1", "5432"}, {"127.0.0.1", "80"}, {"192.0.2.1", "80"}};
    boolean any = false;
    for (String[] t : targets) {
      try (Socket s = new Socket()) { s.connect(new InetSocketAddress(t[0], Integer.parseInt(t[1])), 2000); any = true; }
      catch (Exception e) { }
    }
    System.out.println(any ? "connected" : "blocked");
  }
}
