import java.nio.file.*;
public class Main {
  public static void main(String[] a) {
    StringBuilder leaks = new StringBuilder();
    for (String p : new String[] {"/etc/shadow", "/root/.bashrc"}) {
      try { Files.readAllBytes(Path.of(p)); leaks.append(p).append(' '); } catch (Exception e) { }
    }
    for (String k : System.getenv().keySet()) if (k.contains("JUDGE_TEST_SECRET")) leaks.append("env ");
    System.out.println(leaks.length() == 0 ? "blocked" : "leaked " + leaks);
  }
}
