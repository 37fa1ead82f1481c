/*
** Minimal assertion harness for the kernel's C tests.
** Each test binary ends with check_summary(), which prints
** "N passed, N failed" and returns the exit status for ctest.
*/
#ifndef BITWA_TEST_CHECK_H
#define BITWA_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_passed_, check_failed_;

#define CHECK(cond) do { \
    if (cond) check_passed_++; \
    else { check_failed_++; \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } \
  } while (0)

#define CHECK_INT(a, b) do { \
    long long va_ = (long long)(a), vb_ = (long long)(b); \
    if (va_ == vb_) check_passed_++; \
    else { check_failed_++; \
      fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", \
              __FILE__, __LINE__, #a, va_, #b, vb_); } \
  } while (0)

#define CHECK_STR(a, b) do { \
    const char *sa_ = (a), *sb_ = (b); \
    if (sa_ && sb_ && strcmp(sa_, sb_) == 0) check_passed_++; \
    else { check_failed_++; \
      fprintf(stderr, "%s:%d: %s == \"%s\", expected \"%s\"\n", \
              __FILE__, __LINE__, #a, sa_ ? sa_ : "(null)", sb_ ? sb_ : "(null)"); } \
  } while (0)

static inline int check_summary (void) {
  printf("%d passed, %d failed\n", check_passed_, check_failed_);
  return check_failed_ ? 1 : 0;
}

#endif
