/* wk_sim_step and wk_cosim_check calls per second (driven by tools/bench/embed_step.py).
 *
 *   embed_step CODE.bin STATE.json REPEAT
 *
 * Steps warp 0 to its end REPEAT times (a fresh wk_sim each time) and prints the best rate
 * as JSON: {"steps": N, "step_per_s": ..., "check_per_s": ...}. The check loop steps a
 * second model instance as the "device" and compares each of its records with
 * wk_cosim_check, as a testbench does at every retirement; its rate counts both calls. */
#define _POSIX_C_SOURCE 199309L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "warpkit.h"

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    if (b) b[n] = 0, *len = (size_t)n;
    return b;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: embed_step CODE.bin STATE.json REPEAT\n");
        return 2;
    }
    size_t code_len, state_len;
    char *code = slurp(argv[1], &code_len), *state = slurp(argv[2], &state_len);
    int repeat = atoi(argv[3]);
    if (!code || !state || repeat < 1) {
        fprintf(stderr, "embed_step: bad arguments\n");
        return 2;
    }
    char err[256], msg[256];
    static wk_commit rec;
    double best_step = 0, best_check = 0;
    uint64_t steps = 0;
    for (int r = 0; r < repeat; r++) {
        wk_sim *s = wk_sim_new((const uint8_t *)code, code_len, state, err, sizeof err);
        if (!s) {
            fprintf(stderr, "embed_step: %s\n", err);
            return 1;
        }
        uint64_t n = 0;
        double t = now();
        while (wk_sim_step(s, 0, &rec) == 1) n++;
        t = now() - t;
        wk_sim_free(s);
        steps = n;
        if (n / t > best_step) best_step = n / t;

        wk_sim *dev = wk_sim_new((const uint8_t *)code, code_len, state, err, sizeof err);
        wk_sim *gold = wk_sim_new((const uint8_t *)code, code_len, state, err, sizeof err);
        n = 0;
        t = now();
        while (wk_sim_step(dev, 0, &rec) == 1) {
            if (wk_cosim_check(gold, 0, &rec, msg, sizeof msg) != 0) {
                fprintf(stderr, "embed_step: unexpected mismatch: %s\n", msg);
                return 1;
            }
            n++;
        }
        t = now() - t;
        wk_sim_free(dev);
        wk_sim_free(gold);
        if (n / t > best_check) best_check = n / t;
    }
    printf("{\"steps\": %" PRIu64 ", \"step_per_s\": %.0f, \"check_per_s\": %.0f}\n", steps, best_step,
           best_check);
    free(code);
    free(state);
    return 0;
}
