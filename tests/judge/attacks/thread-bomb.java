public class Main {
  public static void main(String[] a) {
    while (true) {
      try { new Thread(() -> { try { Thread.sleep(1000000); } catch (Exception e) { } }).start(); } catch (Throwable t) { }
    }
  }
}
