public class Main {
  public static void main(String[] a) { long x = 0; while (true) x++; }
}
