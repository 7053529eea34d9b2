// bench: times MAGPIE's best play by equity (get_top_equity_move:
// MOVE_RECORD_BEST, MOVE_SORT_EQUITY, one thread) on the positions exported
// from our corpus, in the same order and grouping as our benchmark
// (bot/engine/movegen/bench_strategies_test.go, findbest-equity).
//
// usage: bench DATA_DIR POSITIONS WMP(0|1) COLD(0|1) ROUNDS MODE(best|all) [CHECKFILE]
//   MODE best times get_top_equity_move; all times the listing of every
//   move by MOVE_RECORD_ALL_SMALL (by score, compact moves: MAGPIE's fastest
//   listing, its endgame's; MOVE_RECORD_ALL took twice as long here).
//   COLD=1 invalidates MAGPIE's per-thread rack caches (KLV leaves, subrack
//   enumeration, RIT lookups) before every timed search, untimed.
//   CHECKFILE: if given, write the best play of every position there, its
//   best tile placement and how many tile placements it has.
#include "ent/bag.h"
#include "ent/board.h"
#include "ent/equity.h"
#include "ent/game.h"
#include "ent/move.h"
#include "ent/thread_control.h"
#include "impl/cgp.h"
#include "impl/config.h"
#include "impl/gameplay.h"
#include "impl/move_gen.h"
#include "str/move_string.h"
#include "util/io_util.h"
#include "util/string_util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXPOS 1000
#define NCONF 5

typedef struct {
  int line, blanks, mid, bag, conf;
  char cgp[512];
  double *mg, *xs; // per-round times (ns): movegen only, cross sets+anchors
} Pos;

static const char *conf_names[NCONF] = {"english,standard15", "english,plain15",
                                        "english_noblank,plain15", "english4,standard15", "english4,plain15"};
static Config *configs[NCONF];
static Game *games[NCONF];

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// quantile as our benchmark: sorted[min(int(q*n), n-1)]
static double quant(double *v, int n, double q) {
  if (n == 0) {
    return -1;
  }
  qsort(v, n, sizeof(double), cmpd);
  int i = (int)(q * n);
  if (i > n - 1) {
    i = n - 1;
  }
  return v[i];
}

static void die_es(ErrorStack *es, const char *what) {
  if (!error_stack_is_empty(es)) {
    fprintf(stderr, "error: %s\n", what);
    error_stack_print_and_reset(es);
    exit(1);
  }
}

static void exec_cmd(Config *c, const char *cmd) {
  ErrorStack *es = error_stack_create();
  thread_control_set_status(config_get_thread_control(c),
                            THREAD_CONTROL_STATUS_STARTED);
  config_load_command(c, cmd, es);
  die_es(es, cmd);
  config_execute_command(c, es);
  die_es(es, cmd);
  thread_control_set_status(config_get_thread_control(c),
                            THREAD_CONTROL_STATUS_FINISHED);
  error_stack_destroy(es);
}

static void clear_caches(void) {
  MoveGen *gen = get_movegen();
  for (int i = 0; i < MOVEGEN_KLV_LEAVES_CACHE_SIZE; i++) {
    gen->klv_leaves_cache[i].valid = false;
  }
  for (int i = 0; i < MOVEGEN_SUBRACK_CACHE_SIZE; i++) {
    gen->subrack_cache[i].valid = false;
  }
  for (int i = 0; i < MOVEGEN_RIT_CACHE_SIZE; i++) {
    gen->rit_cache_valid[i] = false;
  }
}

static void load(Pos *p) {
  ErrorStack *es = error_stack_create();
  game_load_cgp(games[p->conf], p->cgp, es);
  die_es(es, p->cgp);
  error_stack_destroy(es);
}

// list_moves lists every move of g's position into ml by score (no leave
// looked up): record MOVE_RECORD_ALL_SMALL into a compact list, as MAGPIE's
// endgame does (the timing of all plays), or MOVE_RECORD_ALL into a list of
// full moves (the count the check file compares with ours).
static void list_moves(Game *g, MoveList *ml, move_record_t record) {
  const MoveGenArgs args = {.game = g,
                            .move_list = ml,
                            .move_record_type = record,
                            .move_sort_type = MOVE_SORT_SCORE,
                            .override_kwg = NULL,
                            .eq_margin_movegen = 0,
                            .target_equity = EQUITY_MAX_VALUE,
                            .target_leave_size_for_exchange_cutoff =
                                UNSET_LEAVE_SIZE};
  generate_moves(&args);
}

// placements is how many of the moves of g's position are tile placements.
static int placements(Game *g, MoveList *ml) {
  list_moves(g, ml, MOVE_RECORD_ALL);
  int n = 0;
  for (int j = 0; j < move_list_get_count(ml); j++) {
    if (move_get_type(move_list_get_move(ml, j)) ==
        GAME_EVENT_TILE_PLACEMENT_MOVE) {
      n++;
    }
  }
  return n;
}

int main(int argc, char **argv) {
  if (argc < 7 || (strcmp(argv[6], "best") != 0 && strcmp(argv[6], "all") != 0)) {
    fprintf(stderr, "usage: %s DATA_DIR POSITIONS WMP COLD ROUNDS best|all [CHECK]\n",
            argv[0]);
    return 2;
  }
  const char *data = argv[1];
  const int wmp = atoi(argv[3]), cold = atoi(argv[4]), rounds = atoi(argv[5]);
  const bool all_mode = strcmp(argv[6], "all") == 0;
  const char *check = argc > 7 ? argv[7] : NULL;
  log_set_level(LOG_FATAL);

  for (int c = 0; c < NCONF; c++) {
    ErrorStack *es = error_stack_create();
    char settings[4096];
    snprintf(settings, sizeof settings, "%s/settings.txt", data);
    ConfigArgs args = {.data_paths = data,
                       .settings_filename = settings,
                       .use_wmp = wmp};
    configs[c] = config_create(&args, es);
    die_es(es, "config_create");
    error_stack_destroy(es);
    char ld[64], layout[64];
    sscanf(conf_names[c], "%63[^,],%63s", ld, layout);
    const char *klv = strcmp(ld, "english") == 0    ? "CSWLVMULT"
                      : strcmp(ld, "english4") == 0 ? "CSWLVMULT4"
                                                    : "CSWLVCLASSIC";
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "set -lex CSWLEX -ld %s -bdn %s -k1 %s -k2 %s -s1 equity -s2 "
             "equity -r1 best -r2 best -numplays 1 -threads 1 -wmp %s "
             "-savesettings false -bb 50",
             ld, layout, klv, klv, wmp ? "true" : "false");
    exec_cmd(configs[c], cmd);
    games[c] = config_game_create(configs[c]);
  }

  static Pos ps[MAXPOS];
  int n = 0;
  FILE *f = fopen(argv[2], "r");
  if (!f) {
    perror(argv[2]);
    return 1;
  }
  char lbuf[2048];
  while (fgets(lbuf, sizeof lbuf, f)) {
    Pos *p = &ps[n];
    char vname[32], conf[64], board[400], rack[32];
    if (sscanf(lbuf, "%d %d %d %31s %63s %d %399s %31s", &p->line, &p->blanks,
               &p->mid, vname, conf, &p->bag, board, rack) != 8) {
      fprintf(stderr, "bad line: %s", lbuf);
      return 1;
    }
    p->conf = -1;
    for (int c = 0; c < NCONF; c++) {
      if (strcmp(conf, conf_names[c]) == 0) {
        p->conf = c;
      }
    }
    if (p->conf < 0) {
      fprintf(stderr, "unknown conf %s\n", conf);
      return 1;
    }
    snprintf(p->cgp, sizeof p->cgp, "%s %s/ 0/0 0", board, rack);
    p->mg = calloc(rounds > 0 ? rounds : 1, sizeof(double));
    p->xs = calloc(rounds > 0 ? rounds : 1, sizeof(double));
    n++;
  }
  fclose(f);

  MoveList *ml = move_list_create(1);
  // every move of the corpus's most crowded rack with two blanks fits
  MoveList *mall = move_list_create(400000);
  MoveList *msmall = move_list_create_small(400000);

  if (check) {
    FILE *cf = fopen(check, "w");
    fprintf(cf, "# line blanks mid bag magpie_bag type score equity move\n");
    for (int i = 0; i < n; i++) {
      Pos *p = &ps[i];
      load(p);
      Game *g = games[p->conf];
      const Move *m = get_top_equity_move(g, ml);
      StringBuilder *sb = string_builder_create();
      string_builder_add_move(sb, game_get_board(g), m, game_get_ld(g), false);
      const char *type = move_get_type(m) == GAME_EVENT_TILE_PLACEMENT_MOVE
                             ? "play"
                         : move_get_type(m) == GAME_EVENT_EXCHANGE ? "exch"
                                                                   : "pass";
      // best tile placement (our search generates placements only): all
      // plays by equity, the first placement
      const int mscore = equity_to_int(move_get_score(m));
      const double meq = equity_to_double(move_get_equity(m));
      MoveList *all = move_list_create(200000);
      const MoveGenArgs aargs = {.game = g, .move_list = all,
                                 .eq_margin_movegen = 0,
                                 .target_equity = EQUITY_MAX_VALUE,
                                 .target_leave_size_for_exchange_cutoff = UNSET_LEAVE_SIZE};
      generate_moves_for_game_override_record_type(&aargs, MOVE_RECORD_ALL);
      int bpi = -1;
      for (int j = 0; j < move_list_get_count(all); j++) {
        const Move *x = move_list_get_move(all, j);
        if (move_get_type(x) == GAME_EVENT_TILE_PLACEMENT_MOVE &&
            (bpi < 0 || move_get_equity(x) > move_get_equity(move_list_get_move(all, bpi)))) {
          bpi = j;
        }
      }
      fprintf(cf, "%d %d %d %d %d %s %d %.3f %s", p->line, p->blanks, p->mid,
              p->bag, bag_get_letters(game_get_bag(g)), type, mscore, meq,
              string_builder_peek(sb));
      if (bpi >= 0) {
        const Move *x = move_list_get_move(all, bpi);
        fprintf(cf, " | bestplacement %d %.3f", equity_to_int(move_get_score(x)),
                equity_to_double(move_get_equity(x)));
      } else {
        fprintf(cf, " | bestplacement -1 0.000");
      }
      fprintf(cf, " placements %d\n", placements(g, mall));
      move_list_destroy(all);
      string_builder_destroy(sb);
    }
    fclose(cf);
  }

  printf("# magpie_bench wmp=%d cold=%d rounds=%d positions=%d mode=%s\n", wmp,
         cold, rounds, n, argv[6]);
  for (int blanks = 0; blanks <= 2 && rounds > 0; blanks++) {
    // untimed pass first, as our runCorpus
    for (int i = 0; i < n; i++) {
      if (ps[i].blanks == blanks) {
        load(&ps[i]);
        if (all_mode) {
          list_moves(games[ps[i].conf], msmall, MOVE_RECORD_ALL_SMALL);
        } else {
          get_top_equity_move(games[ps[i].conf], ml);
        }
      }
    }
    for (int r = 0; r < rounds; r++) {
      for (int i = 0; i < n; i++) {
        Pos *p = &ps[i];
        if (p->blanks != blanks) {
          continue;
        }
        load(p);
        if (cold) {
          clear_caches();
        }
        Game *g = games[p->conf];
        double t0 = now_ns();
        game_gen_all_cross_sets(g);
        board_update_all_anchors(game_get_board(g));
        double t1 = now_ns();
        if (all_mode) {
          list_moves(g, msmall, MOVE_RECORD_ALL_SMALL);
        } else {
          get_top_equity_move(g, ml);
        }
        double t2 = now_ns();
        p->mg[r] = t2 - t1;
        p->xs[r] = t1 - t0;
      }
    }
    // pooled medians (as our mid-p50-us) and median of per-position medians
    int cnt = 0, cntmid = 0, npos = 0;
    for (int i = 0; i < n; i++) {
      if (ps[i].blanks == blanks) {
        cnt += rounds;
        npos++;
        if (ps[i].mid) {
          cntmid += rounds;
        }
      }
    }
    double *all = malloc(sizeof(double) * cnt), *mid = malloc(sizeof(double) * cntmid);
    double *allx = malloc(sizeof(double) * cnt), *midx = malloc(sizeof(double) * cntmid);
    double *pmed = malloc(sizeof(double) * npos), *pmedx = malloc(sizeof(double) * npos);
    double *tmp = malloc(sizeof(double) * rounds);
    int a = 0, b = 0, k = 0;
    for (int i = 0; i < n; i++) {
      Pos *p = &ps[i];
      if (p->blanks != blanks) {
        continue;
      }
      for (int r = 0; r < rounds; r++) {
        all[a] = p->mg[r];
        allx[a++] = p->mg[r] + p->xs[r];
        if (p->mid) {
          mid[b] = p->mg[r];
          midx[b++] = p->mg[r] + p->xs[r];
        }
      }
      if (p->mid) {
        memcpy(tmp, p->mg, sizeof(double) * rounds);
        pmed[k] = quant(tmp, rounds, 0.5);
        for (int r = 0; r < rounds; r++) {
          tmp[r] = p->mg[r] + p->xs[r];
        }
        pmedx[k++] = quant(tmp, rounds, 0.5);
      }
    }
    printf("blanks=%d positions=%d mid=%d | movegen: p50-us %.2f p99-us %.2f "
           "mid-p50-us %.2f mid-median-of-pos-medians-us %.2f | "
           "+crosssets: p50-us %.2f mid-p50-us %.2f mid-median-of-pos-medians-us %.2f\n",
           blanks, npos, cntmid / rounds, quant(all, a, 0.5) / 1e3,
           quant(all, a, 0.99) / 1e3, quant(mid, b, 0.5) / 1e3,
           quant(pmed, k, 0.5) / 1e3, quant(allx, a, 0.5) / 1e3,
           quant(midx, b, 0.5) / 1e3, quant(pmedx, k, 0.5) / 1e3);
    fflush(stdout);
    free(all); free(mid); free(allx); free(midx); free(pmed); free(pmedx); free(tmp);
  }
  move_list_destroy(ml);
  move_list_destroy(mall);
  small_move_list_destroy(msmall);
  return 0;
}
