public class Main {
  public static void main(String[] a) {
    String line = "x".repeat(1000);
    while (true) System.out.println(line);
  }
}
