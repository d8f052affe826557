import java.util.*;
public class Main {
  public static void main(String[] a) {
    List<long[]> chunks = new ArrayList<>();
    while (true) chunks.add(new long[2 * 1024 * 1024]);
  }
}
