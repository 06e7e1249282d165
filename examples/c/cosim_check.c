/* Step-and-compare with wk_cosim_check, the way an RTL testbench calls it at every
 * retirement (after Dromajo's dromajo_cosim_step). The "device" here is a second model
 * instance; --flip STEP LANE makes it wrong at one retirement of warp 0 (bit 16 of LANE
 * in the first register that step writes), to show the message that names it.
 *
 *   cc -std=c99 -Wall -I crates/capi/include examples/c/cosim_check.c \
 *      target/release/libwarpkit.a -lpthread -ldl -lm -o cosim_check
 *   ./cosim_check loop.bin examples/loop_bexecz.state.json --flip 7 5
 *
 * Exit status: 0 every retirement matched, 1 a mismatch (the line is printed), 2 usage or
 * file problems.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpkit.h"

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return NULL;
    }
    long n = ftell(f);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && (fseek(f, 0, SEEK_SET) != 0 || fread(buf, 1, (size_t)n, f) != (size_t)n)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (!buf) return NULL;
    buf[n] = 0;
    *len = (size_t)n;
    return buf;
}

int main(int argc, char **argv) {
    const char *program = NULL, *state_path = NULL;
    long flip_step = -1, flip_lane = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--flip") == 0 && i + 2 < argc) {
            flip_step = strtol(argv[i + 1], NULL, 0);
            flip_lane = strtol(argv[i + 2], NULL, 0) & 31;
            i += 2;
        } else if (!program) {
            program = argv[i];
        } else if (!state_path) {
            state_path = argv[i];
        } else {
            program = NULL;
            break;
        }
    }
    if (!program) {
        fprintf(stderr, "usage: cosim_check PROGRAM.bin [STATE.json] [--flip STEP LANE]\n");
        return 2;
    }
    size_t code_len = 0, state_len = 0;
    char *code = read_file(program, &code_len);
    char *state = state_path ? read_file(state_path, &state_len) : NULL;
    if (!code || (state_path && !state)) {
        fprintf(stderr, "cosim_check: cannot read %s\n", !code ? program : state_path);
        return 2;
    }
    char err[512];
    wk_sim *golden = wk_sim_new((const uint8_t *)code, code_len, state, err, sizeof err);
    wk_sim *device = golden ? wk_sim_new((const uint8_t *)code, code_len, state, err, sizeof err) : NULL;
    free(code);
    free(state);
    if (!golden || !device) {
        fprintf(stderr, "cosim_check: %s\n", err);
        wk_sim_free(golden);
        return 2;
    }

    wk_commit rec;
    char msg[512];
    uint64_t checked = 0;
    int status = 0;
    for (uint32_t w = 0; w < wk_sim_num_warps(golden) && status == 0; w++) {
        for (;;) {
            /* The device retires (or stops); wk_cosim_check steps the model and compares. */
            int r = wk_sim_step(device, w, &rec);
            if (r < 0) {
                fprintf(stderr, "cosim_check: %s\n", wk_strerror(r));
                status = 2;
                break;
            }
            if (r == 0 && rec.trap == 0) break; /* the device's warp exited */
            if (w == 0 && (long)rec.step == flip_step && rec.n_writes > 0)
                rec.writes[0].lanes[rec.writes[0].file == WK_FILE_V ? flip_lane : 0] ^= 1u << 16;
            int c = wk_cosim_check(golden, w, &rec, msg, sizeof msg);
            if (c != 0) {
                printf("%s\n", c == 1 ? msg : wk_strerror(c));
                status = c == 1 ? 1 : 2;
                break;
            }
            checked++;
            if (r == 0) break; /* both faulted alike */
        }
    }
    if (status == 0) printf("%" PRIu64 " retirements match\n", checked);
    wk_sim_free(device);
    wk_sim_free(golden);
    return status;
}
