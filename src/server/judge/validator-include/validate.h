/*
 * validate.h as the judge provides it: the helper interface that Kattis (problemtools) and
 * DOMjudge output validators and interactors are written against, for packages that include it
 * without shipping it (DOMjudge's boolfind). Written for this project from the interface alone;
 * a package that ships its own validate.h uses its own (the import inlines it).
 *
 * The interface (the Kattis output validator interface):
 *   program judge_in judge_ans feedback_dir [flags...] < submission's output
 * - init_io(argc, argv) opens judge_in (the test's input) and judge_ans (its answer) and reads
 *   the submission's output as author_out (for an interactor, the submission's live output; what
 *   it writes to standard output goes to the submission). Flags after feedback_dir are accepted
 *   and ignored, but for case_sensitive and space_change_sensitive, which set the booleans of the
 *   same names.
 * - accept() exits 42; accept_with_score(x) writes x to score.txt first.
 * - wrong_answer(format, ...) appends the message to judgemessage.txt and exits 43.
 * - judge_message / author_message append to judgemessage.txt / teammessage.txt and go on.
 * - judge_error(format, ...) appends to judgeerror.txt, repeats it on standard error and exits 1:
 *   neither 42 nor 43, so the judge reports its own error, never the student's.
 * The messages are printf formats. In C++ their first parameter is a std::string, so that
 * validators can pass wrong_answer or judge_error where a feedback_function is expected.
 */
#ifndef CAMPUS_JUDGE_VALIDATE_H
#define CAMPUS_JUDGE_VALIDATE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifdef __cplusplus

#include <fstream>
#include <iostream>
#include <string>

const int EXITCODE_AC = 42;
const int EXITCODE_WA = 43;
const std::string FILENAME_AUTHOR_MESSAGE = "teammessage.txt";
const std::string FILENAME_JUDGE_MESSAGE = "judgemessage.txt";
const std::string FILENAME_JUDGE_ERROR = "judgeerror.txt";
const std::string FILENAME_SCORE = "score.txt";

typedef void (*feedback_function)(const std::string &, ...);

std::ifstream judge_in, judge_ans;
/* The submission's output: standard input, read through a stream of its own. */
std::istream author_out(std::cin.rdbuf());
char *feedbackdir = NULL;
bool case_sensitive = false;
bool space_change_sensitive = false;

/* Appends a formatted message to a file of the feedback folder. */
void vreport_feedback(const std::string &file, const std::string &format, va_list args) {
  std::string path = feedbackdir ? std::string(feedbackdir) + "/" + file : file;
  FILE *f = fopen(path.c_str(), "a");
  if (!f) {
    fprintf(stderr, "validate.h: cannot write %s\n", path.c_str());
    exit(1);
  }
  vfprintf(f, format.c_str(), args);
  fclose(f);
}

/*
 * The variadic functions below name a reference as their last fixed parameter, as the interface's
 * feedback_function type requires; GCC's va_start supports it.
 */
void report_feedback(const std::string &file, const std::string &format, ...) {
  va_list args;
  va_start(args, format);
  vreport_feedback(file, format, args);
  va_end(args);
}

void judge_message(const std::string &format, ...) {
  va_list args;
  va_start(args, format);
  vreport_feedback(FILENAME_JUDGE_MESSAGE, format, args);
  va_end(args);
}

void author_message(const std::string &format, ...) {
  va_list args;
  va_start(args, format);
  vreport_feedback(FILENAME_AUTHOR_MESSAGE, format, args);
  va_end(args);
}

void wrong_answer(const std::string &format, ...) {
  va_list args;
  va_start(args, format);
  vreport_feedback(FILENAME_JUDGE_MESSAGE, format, args);
  va_end(args);
  exit(EXITCODE_WA);
}

void judge_error(const std::string &format, ...) {
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  vreport_feedback(FILENAME_JUDGE_ERROR, format, args);
  vfprintf(stderr, format.c_str(), again);
  va_end(again);
  va_end(args);
  exit(1);
}

void accept() { exit(EXITCODE_AC); }

void accept_with_score(double score) {
  report_feedback(FILENAME_SCORE, "%.9le", score);
  exit(EXITCODE_AC);
}

bool is_directory(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void init_io(int argc, char **argv) {
  if (argc < 4) {
    judge_error("usage: %s judge_in judge_ans feedback_dir [flags] < author_out\n",
                argc > 0 ? argv[0] : "validator");
  }
  /* The feedback folder first: the errors below are written there. */
  if (!is_directory(argv[3])) judge_error("%s is not a folder\n", argv[3]);
  feedbackdir = argv[3];
  judge_in.open(argv[1]);
  if (judge_in.fail()) judge_error("cannot open %s\n", argv[1]);
  judge_ans.open(argv[2]);
  if (judge_ans.fail()) judge_error("cannot open %s\n", argv[2]);
  for (int i = 4; i < argc; i++) {
    if (strcmp(argv[i], "case_sensitive") == 0) case_sensitive = true;
    if (strcmp(argv[i], "space_change_sensitive") == 0) space_change_sensitive = true;
  }
  author_out.rdbuf(std::cin.rdbuf());
  /*
   * An interactor reads the submission's answer to what it has just written: reading flushes
   * standard output first, as std::cin would, so a question left in the buffer cannot make both
   * sides wait for each other.
   */
  author_out.tie(&std::cout);
}

#else /* C: the same interface over FILE streams. */

#define EXITCODE_AC 42
#define EXITCODE_WA 43
#define FILENAME_AUTHOR_MESSAGE "teammessage.txt"
#define FILENAME_JUDGE_MESSAGE "judgemessage.txt"
#define FILENAME_JUDGE_ERROR "judgeerror.txt"
#define FILENAME_SCORE "score.txt"

FILE *judge_in = NULL, *judge_ans = NULL, *author_out = NULL;
char *feedbackdir = NULL;
int case_sensitive = 0;
int space_change_sensitive = 0;

void vreport_feedback(const char *file, const char *format, va_list args) {
  char path[4096];
  snprintf(path, sizeof path, "%s%s%s", feedbackdir ? feedbackdir : "", feedbackdir ? "/" : "",
           file);
  FILE *f = fopen(path, "a");
  if (!f) {
    fprintf(stderr, "validate.h: cannot write %s\n", path);
    exit(1);
  }
  vfprintf(f, format, args);
  fclose(f);
}

void report_feedback(const char *file, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vreport_feedback(file, format, args);
  va_end(args);
}

void judge_message(const char *format, ...) {
  va_list args;
  va_start(args, format);
  vreport_feedback(FILENAME_JUDGE_MESSAGE, format, args);
  va_end(args);
}

void author_message(const char *format, ...) {
  va_list args;
  va_start(args, format);
  vreport_feedback(FILENAME_AUTHOR_MESSAGE, format, args);
  va_end(args);
}

void wrong_answer(const char *format, ...) {
  va_list args;
  va_start(args, format);
  vreport_feedback(FILENAME_JUDGE_MESSAGE, format, args);
  va_end(args);
  exit(EXITCODE_WA);
}

void judge_error(const char *format, ...) {
  va_list args, again;
  va_start(args, format);
  va_copy(again, args);
  vreport_feedback(FILENAME_JUDGE_ERROR, format, args);
  vfprintf(stderr, format, again);
  va_end(again);
  va_end(args);
  exit(1);
}

void accept(void) { exit(EXITCODE_AC); }

void accept_with_score(double score) {
  report_feedback(FILENAME_SCORE, "%.9le", score);
  exit(EXITCODE_AC);
}

int is_directory(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void init_io(int argc, char **argv) {
  if (argc < 4)
    judge_error("usage: %s judge_in judge_ans feedback_dir [flags] < author_out\n",
                argc > 0 ? argv[0] : "validator");
  if (!is_directory(argv[3])) judge_error("%s is not a folder\n", argv[3]);
  feedbackdir = argv[3];
  judge_in = fopen(argv[1], "r");
  if (!judge_in) judge_error("cannot open %s\n", argv[1]);
  judge_ans = fopen(argv[2], "r");
  if (!judge_ans) judge_error("cannot open %s\n", argv[2]);
  for (int i = 4; i < argc; i++) {
    if (strcmp(argv[i], "case_sensitive") == 0) case_sensitive = 1;
    if (strcmp(argv[i], "space_change_sensitive") == 0) space_change_sensitive = 1;
  }
  author_out = stdin;
}

#endif /* __cplusplus */
#endif /* CAMPUS_JUDGE_VALIDATE_H */
