/* Run a program on warpkit's golden model through the C library and print the final state
 * exactly as `warpkit run PROGRAM --state STATE` prints it.
 *
 * Every warp is stepped one instruction at a time with wk_sim_step (or, with --run, all
 * warps are run by wk_sim_run like `warpkit run`; --engine jit|interp chooses how, the
 * default being jit where the host supports it). Standard error gets each warp's
 * instruction mix, the variants found in the commit records with the MATCH_/MASK_ table of
 * warpkit_encoding.h.
 *
 *   cargo build --release -p warpkit-capi
 *   cc -std=c99 -Wall -I crates/capi/include examples/c/run_state.c \
 *      target/release/libwarpkit.a -lpthread -ldl -lm -o run_state
 *   warpkit asm examples/loop_bexecz.s -o loop.bin
 *   ./run_state loop.bin examples/loop_bexecz.state.json
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpkit.h"
#include "warpkit_encoding.h"

/* Steps per warp, as `warpkit run` without --max-steps. */
#define MAX_STEPS 1000000u

struct variant {
    const char *name;
    uint64_t match, mask;
};

static const struct variant VARIANTS[] = {
#define DECLARE_WK_INSN(mnemonic, ID) {mnemonic, MATCH_##ID, MASK_##ID},
#include "warpkit_encoding.h"
#undef DECLARE_WK_INSN
};
#define NUM_VARIANTS (sizeof VARIANTS / sizeof VARIANTS[0])

/* The variant an instruction word encodes, by (insn & MASK) == MATCH; -1 if none. */
static int identify(uint64_t insn, uint32_t size) {
    uint64_t bits = size == 8 ? insn : (insn & 0xffffffffu);
    for (size_t i = 0; i < NUM_VARIANTS; i++)
        if ((bits & VARIANTS[i].mask) == VARIANTS[i].match) return (int)i;
    return -1;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, 2 * cap + 1);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

int main(int argc, char **argv) {
    const char *program = NULL, *state_path = NULL;
    int use_run = 0, engine = -1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--run") == 0)
            use_run = 1;
        else if (strcmp(argv[i], "--engine") == 0 && i + 1 < argc) {
            i++;
            engine = strcmp(argv[i], "jit") == 0      ? WK_ENGINE_JIT
                     : strcmp(argv[i], "interp") == 0 ? WK_ENGINE_INTERP
                                                      : -2;
        }
        else if (!program)
            program = argv[i];
        else if (!state_path)
            state_path = argv[i];
        else
            program = NULL, i = argc;
    }
    if (!program || engine == -2) {
        fprintf(stderr, "usage: run_state PROGRAM.bin [STATE.json] [--run] [--engine jit|interp]\n");
        return 2;
    }
    size_t code_len = 0, state_len = 0;
    char *code = read_file(program, &code_len);
    if (!code) {
        fprintf(stderr, "run_state: cannot read %s\n", program);
        return 1;
    }
    char *state = NULL;
    if (state_path && !(state = read_file(state_path, &state_len))) {
        fprintf(stderr, "run_state: cannot read %s\n", state_path);
        free(code);
        return 1;
    }

    char err[512];
    wk_sim *sim = wk_sim_new((const uint8_t *)code, code_len, state, err, sizeof err);
    free(code);
    free(state);
    if (!sim) {
        fprintf(stderr, "run_state: %s\n", err);
        return 1;
    }

    if (engine >= 0) {
        int r = wk_sim_set_engine(sim, engine);
        if (r != WK_OK) {
            fprintf(stderr, "run_state: --engine: %s\n", wk_strerror(r));
            wk_sim_free(sim);
            return 1;
        }
    }
    if (use_run) {
        int r = wk_sim_run(sim, MAX_STEPS);
        if (r != WK_OK) {
            fprintf(stderr, "run_state: wk_sim_run: %s\n", wk_strerror(r));
            wk_sim_free(sim);
            return 1;
        }
    } else {
        static uint64_t mix[NUM_VARIANTS];
        wk_commit rec;
        for (uint32_t w = 0; w < wk_sim_num_warps(sim); w++) {
            memset(mix, 0, sizeof mix);
            uint64_t retired = 0, unknown = 0;
            int r;
            while (retired < MAX_STEPS && (r = wk_sim_step(sim, w, &rec)) == 1) {
                retired++;
                int v = identify(rec.insn, rec.size);
                if (v < 0)
                    unknown++;
                else
                    mix[v]++;
            }
            if (r < 0) {
                fprintf(stderr, "run_state: wk_sim_step: %s\n", wk_strerror(r));
                wk_sim_free(sim);
                return 1;
            }
            fprintf(stderr, "warp %" PRIu32 ": %" PRIu64 " retired:", w, retired);
            for (size_t i = 0; i < NUM_VARIANTS; i++)
                if (mix[i]) fprintf(stderr, " %s=%" PRIu64, VARIANTS[i].name, mix[i]);
            if (unknown) fprintf(stderr, " (unidentified=%" PRIu64 ")", unknown);
            fputc('\n', stderr);
        }
    }

    size_t n = wk_sim_state_json(sim, NULL, 0);
    char *json = malloc(n + 1);
    if (!json || wk_sim_state_json(sim, json, n + 1) != n) {
        fprintf(stderr, "run_state: out of memory\n");
        free(json);
        wk_sim_free(sim);
        return 1;
    }
    printf("%s\n", json);
    free(json);
    wk_sim_free(sim);
    return 0;
}
