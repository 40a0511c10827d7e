/* Measures fc-solve (libfreecell-solver, Debian's freecell-solver 5.0) on Microsoft deals the
 * way felt's example measures felt: one line a deal with the thread's CPU time of the solve
 * and of taking its line (each move fc-solve hands out, which it also plays on its own copy
 * of the board, as felt's solve replays its line through the ruleset), the iterations, the
 * verdict and the moves of the line that do not go to a foundation; `solve_ns=` is the solve
 * without taking the line. The boards come on stdin, one after another, each ending with a line "=DEAL N".
 *
 *   cc -O2 bench/fc_solve_deals.c -lfreecell-solver -o /tmp/fc_solve_deals
 *   bench/boards.sh 600001 601000 | /tmp/fc_solve_deals -l lg
 *
 * Arguments after the program name are fc-solve's own (a preset: -l lg). This is felt's own
 * measuring harness; it uses only the library's public API. */
#include <freecell-solver/fcs_cl.h>
#include <freecell-solver/fcs_user.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv)
{
    void *solver = freecell_solver_user_alloc();
    char *err = NULL;
    int last = 0;
    if (argc > 1 &&
        freecell_solver_user_cmd_line_parse_args_with_file_nesting_count(solver, argc,
            (freecell_solver_str_t *)argv, 1, NULL, NULL, NULL, &err, &last, -1, NULL) !=
            FCS_CMD_LINE_OK)
    {
        fprintf(stderr, "bad fc-solve arguments: %s\n", err ? err : "?");
        return 2;
    }
    char board[4096];
    size_t at = 0;
    char line[512];
    while (fgets(line, sizeof line, stdin))
    {
        if (strncmp(line, "=DEAL ", 6) != 0)
        {
            size_t n = strlen(line);
            if (at + n < sizeof board)
            {
                memcpy(board + at, line, n);
                at += n;
            }
            continue;
        }
        board[at] = 0;
        at = 0;
        long deal = atol(line + 6);
        long long t0 = cpu_ns();
        int ret = freecell_solver_user_solve_board(solver, board);
        long long t1 = cpu_ns();
        long iters = (long)freecell_solver_user_get_num_times_long(solver);
        int other = 0, all = 0;
        const char *verdict = "undecided";
        long long t2 = t1;
        if (ret == FCS_STATE_WAS_SOLVED)
        {
            verdict = "won";
            fcs_move_t m;
            while (freecell_solver_user_get_next_move(solver, &m) == 0)
            {
                int t = fcs_move_get_type(m);
                if (t == FCS_MOVE_TYPE_CANONIZE || t == FCS_MOVE_TYPE_SEPARATOR ||
                    t == FCS_MOVE_TYPE_NULL)
                    continue;
                all++;
                if (t != FCS_MOVE_TYPE_STACK_TO_FOUNDATION &&
                    t != FCS_MOVE_TYPE_FREECELL_TO_FOUNDATION &&
                    t != FCS_MOVE_TYPE_SEQ_TO_FOUNDATION)
                    other++;
            }
            t2 = cpu_ns();
        }
        else if (ret == FCS_STATE_IS_NOT_SOLVEABLE)
            verdict = "lost";
        printf("%ld %s cpu_ns=%lld states=%ld moves=%d not_up=%d solve_ns=%lld\n", deal, verdict,
            t2 - t0, iters, all, other, t1 - t0);
        freecell_solver_user_recycle(solver);
    }
    freecell_solver_user_free(solver);
    return 0;
}
