/*
 * loadgen: a closed-loop round-trip load generator for servers on a Unix socket.
 *
 * It opens C connections and keeps D requests in flight on each: D are sent at
 * once, then one new request goes out for every reply. Replies on a connection
 * come back in request order (true of slamd, redis and nvim), so the latency
 * of a reply is its arrival time minus the send time of the oldest request
 * still outstanding. After a warm-up, replies arriving during a fixed window
 * are counted and timed; then the generator stops sending, reads the replies
 * it is still owed (so servers see an orderly close), and prints one line:
 *
 *   label=slam-find protocol=slam connections=1 depth=1 threads=1 requests=… seconds=…
 *   rps=… p50_us=… p90_us=… p99_us=… p999_us=… max_us=… errors=0
 *   loadgen_cpu=… server_cpu=…
 *
 * plus a human-readable line on standard error (unless --quiet). A run cut
 * short (server gone, no reply within 10 s) prints no result and exits 1, as
 * does a run with any error reply (after its figures). The CPU
 * figures are cores used during the window (1.00 = one core busy); the
 * server's is read from /proc when --server-pid is given, so one run shows
 * whether the generator or the server is the bottleneck.
 *
 * Protocols:
 *   slam   newline-delimited JSON-RPC; the request is --request (default ping);
 *          a reply ends at '\n' and must hold "result" (else it is an error).
 *   redis  RESP PING; the reply is a line, "+PONG" (a "-" line is an error).
 *   nvim   msgpack-rpc [0, msgid, "nvim_get_mode", []]; replies are delimited
 *          with a small msgpack skipper and their msgids checked against the
 *          order of the requests.
 *
 * One thread (--threads to use more) multiplexes the connections with epoll;
 * with a single connection it simply blocks in read(). Every complete reply
 * in a read is answered by one write() carrying as many new requests, so at
 * depth 32 one system call pair carries many requests. The generator must not
 * be the bottleneck: compare loadgen_cpu with server_cpu.
 *
 * Build: cc -O2 -pthread -o .build-bench/loadgen bench/loadgen.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum protocol { PROTO_SLAM, PROTO_REDIS, PROTO_NVIM };

/* A server that stops answering must fail the run, not hang it. */
#define REPLY_TIMEOUT_S 10

/* ---- options and shared run state (written before threads start) ---- */

static enum protocol proto = PROTO_SLAM;
static const char *socket_path;
static const char *label = "-";
static char *slam_request;         /* the request line, '\n' included */
static size_t slam_request_len;
static int connections = 1, depth = 1, threads = 1;
static double seconds = 3.0, warmup = 0.5;
static long server_pid;
static int check_replies = 1, quiet;

static uint64_t window_start_ns, window_end_ns;  /* CLOCK_MONOTONIC */
static atomic_int fatal;            /* set by any connection that cannot go on: all stop */
static atomic_int error_reply_shown;

static const char REDIS_PING[] = "*1\r\n$4\r\nPING\r\n";
/* [0, msgid, "nvim_get_mode", []]: fixarray(4), 0, uint32 msgid, fixstr(13), fixarray(0). */
#define NVIM_REQUEST_LEN 22

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("loadgen: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fatal = 1;
}

/* ---- latency histogram ----
 * Log-linear buckets (as in HdrHistogram): values below 2^SUB_BITS ns are
 * exact, above that each power of two is split into 2^SUB_BITS buckets, so a
 * percentile is within 1% of the true value at a fixed 60 KiB per thread, however
 * many millions of replies a run times. */

#define SUB_BITS 7
#define SUB_COUNT (1u << SUB_BITS)
#define BUCKETS ((64 - SUB_BITS + 1) * SUB_COUNT)

struct histogram {
    uint64_t count[BUCKETS];
    uint64_t total, max;
};

static unsigned bucket_of(uint64_t v) {
    if (v < SUB_COUNT) return (unsigned)v;
    unsigned msb = 63u - (unsigned)__builtin_clzll(v);
    unsigned shift = msb - SUB_BITS;
    return (shift + 1) * SUB_COUNT + (unsigned)((v >> shift) - SUB_COUNT);
}

/* The middle of a bucket, in ns. */
static double bucket_value(unsigned b) {
    if (b < SUB_COUNT) return b;
    unsigned shift = b / SUB_COUNT - 1;
    uint64_t low = (uint64_t)(b % SUB_COUNT + SUB_COUNT) << shift;
    return (double)low + (double)((uint64_t)1 << shift) / 2.0;
}

static void histogram_add(struct histogram *h, uint64_t v) {
    h->count[bucket_of(v)]++;
    h->total++;
    if (v > h->max) h->max = v;
}

static double histogram_percentile_us(const struct histogram *h, double q) {
    if (h->total == 0) return 0;
    uint64_t rank = (uint64_t)(q * (double)h->total + 0.999999);
    if (rank < 1) rank = 1;
    uint64_t seen = 0;
    for (unsigned b = 0; b < BUCKETS; b++) {
        seen += h->count[b];
        if (seen >= rank) {
            double v = bucket_value(b);
            return (v > (double)h->max ? (double)h->max : v) / 1000.0;
        }
    }
    return (double)h->max / 1000.0;
}

/* ---- msgpack ---- */

static uint64_t read_be(const uint8_t *p, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | p[i];
    return v;
}

/*
 * The length of the msgpack object at p: 0 if it is not complete yet, -1 if
 * malformed. Iterative (a count of objects still to skip) so that a hostile
 * nesting depth cannot blow the stack.
 */
static long msgpack_skip(const uint8_t *p, size_t n) {
    size_t off = 0;
    uint64_t pending = 1;
    while (pending > 0) {
        if (off >= n) return 0;
        uint8_t b = p[off++];
        pending--;
        uint64_t payload = 0;  /* bytes after the header */
        uint64_t items = 0;    /* nested objects that follow */
        int lenbytes = 0;      /* size of a length field after the type byte */
        int extra = 0;         /* ext: the type byte after the length */
        int kind = 0;          /* 0 bytes, 1 array, 2 map */
        if (b <= 0x7f || b >= 0xe0 || b == 0xc0 || b == 0xc2 || b == 0xc3) {
            /* fixint, nil, bool: the type byte is everything */
        } else if ((b & 0xf0) == 0x80) {
            items = 2u * (b & 0x0f);
        } else if ((b & 0xf0) == 0x90) {
            items = b & 0x0f;
        } else if ((b & 0xe0) == 0xa0) {
            payload = b & 0x1f;
        } else {
            switch (b) {
            case 0xc4: case 0xd9: lenbytes = 1; break;             /* bin8, str8 */
            case 0xc5: case 0xda: lenbytes = 2; break;             /* bin16, str16 */
            case 0xc6: case 0xdb: lenbytes = 4; break;             /* bin32, str32 */
            case 0xc7: lenbytes = 1; extra = 1; break;             /* ext8 */
            case 0xc8: lenbytes = 2; extra = 1; break;             /* ext16 */
            case 0xc9: lenbytes = 4; extra = 1; break;             /* ext32 */
            case 0xca: case 0xce: case 0xd2: payload = 4; break;   /* float32, (u)int32 */
            case 0xcb: case 0xcf: case 0xd3: payload = 8; break;   /* float64, (u)int64 */
            case 0xcc: case 0xd0: payload = 1; break;              /* (u)int8 */
            case 0xcd: case 0xd1: payload = 2; break;              /* (u)int16 */
            case 0xd4: payload = 2; break;                         /* fixext1..16: type + data */
            case 0xd5: payload = 3; break;
            case 0xd6: payload = 5; break;
            case 0xd7: payload = 9; break;
            case 0xd8: payload = 17; break;
            case 0xdc: lenbytes = 2; kind = 1; break;              /* array16 */
            case 0xdd: lenbytes = 4; kind = 1; break;              /* array32 */
            case 0xde: lenbytes = 2; kind = 2; break;              /* map16 */
            case 0xdf: lenbytes = 4; kind = 2; break;              /* map32 */
            default: return -1;                                    /* 0xc1: never used */
            }
        }
        if (lenbytes > 0) {
            if (n - off < (size_t)lenbytes) return 0;
            uint64_t len = read_be(p + off, lenbytes);
            off += (size_t)lenbytes;
            if (kind == 1) items = len;
            else if (kind == 2) items = 2 * len;
            else payload = len + (uint64_t)extra;
        }
        if (payload > n - off) return 0;
        off += (size_t)payload;
        pending += items;
    }
    return (long)off;
}

/* A msgpack unsigned integer at p (fixint or uint8..64); -1 if it is not one. */
static int64_t msgpack_uint(const uint8_t *p, size_t n) {
    if (n < 1) return -1;
    switch (p[0]) {
    case 0xcc: return n >= 2 ? (int64_t)read_be(p + 1, 1) : -1;
    case 0xcd: return n >= 3 ? (int64_t)read_be(p + 1, 2) : -1;
    case 0xce: return n >= 5 ? (int64_t)read_be(p + 1, 4) : -1;
    case 0xcf: return n >= 9 ? (int64_t)read_be(p + 1, 8) : -1;
    default: return p[0] <= 0x7f ? p[0] : -1;
    }
}

/* ---- one connection ---- */

struct conn {
    int index, fd;
    struct histogram hist;
    uint64_t requests;  /* replies received in the window */
    uint64_t errors;    /* error replies, in any phase */
    /* The requests in flight, oldest first: a ring of D send times and msgids. */
    uint64_t *sent_at;
    uint32_t *msgid;
    int head, outstanding;
    uint32_t next_msgid;
    int stopping;       /* the window is over: send no more */
    uint8_t *in, *out;  /* replies read but not yet parsed; requests to send */
    size_t have, cap;
};

static size_t request_len(void) {
    switch (proto) {
    case PROTO_SLAM: return slam_request_len;
    case PROTO_REDIS: return sizeof REDIS_PING - 1;
    default: return NVIM_REQUEST_LEN;
    }
}

/* Appends one request to out and notes it as in flight (its send time is filled in at write time). */
static size_t append_request(struct conn *c, uint8_t *out) {
    int slot = (c->head + c->outstanding) % depth;
    c->outstanding++;
    switch (proto) {
    case PROTO_SLAM:
        memcpy(out, slam_request, slam_request_len);
        return slam_request_len;
    case PROTO_REDIS:
        memcpy(out, REDIS_PING, sizeof REDIS_PING - 1);
        return sizeof REDIS_PING - 1;
    default: {
        static const uint8_t head[] = {0x94, 0x00, 0xce};
        uint32_t id = c->next_msgid++;
        c->msgid[slot] = id;
        memcpy(out, head, sizeof head);
        out[3] = (uint8_t)(id >> 24);
        out[4] = (uint8_t)(id >> 16);
        out[5] = (uint8_t)(id >> 8);
        out[6] = (uint8_t)id;
        out[7] = 0xad;
        memcpy(out + 8, "nvim_get_mode", 13);
        out[21] = 0x90;
        return NVIM_REQUEST_LEN;
    }
    }
}

static int write_all(struct conn *c, const uint8_t *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(c->fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            fail("connection %d: write: %s", c->index, strerror(errno));
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Stamps the last `count` queued requests with their send time and writes them. */
static int send_batch(struct conn *c, const uint8_t *buf, size_t len, int count) {
    uint64_t t = now_ns();
    for (int i = c->outstanding - count; i < c->outstanding; i++)
        c->sent_at[(c->head + i) % depth] = t;
    return write_all(c, buf, len);
}

static void report_error_reply(struct conn *c, const uint8_t *p, size_t n) {
    c->errors++;
    /* The first error reply says what is wrong with the benchmark; the rest only count. */
    if (atomic_exchange(&error_reply_shown, 1)) return;
    if (proto == PROTO_NVIM) {
        fprintf(stderr, "loadgen: connection %d: error reply (msgpack, %zu bytes)\n", c->index, n);
    } else {
        int shown = n > 300 ? 300 : (int)n;
        while (shown > 0 && (p[shown - 1] == '\n' || p[shown - 1] == '\r')) shown--;
        fprintf(stderr, "loadgen: connection %d: error reply: %.*s\n", c->index, shown, (const char *)p);
    }
}

/*
 * The length of the complete reply at p (0: incomplete, -1: unreadable), and
 * whether it is an error. *notification is set for nvim messages that answer
 * no request.
 */
static long next_reply(struct conn *c, const uint8_t *p, size_t n, int *is_error, int *notification) {
    *is_error = 0;
    *notification = 0;
    switch (proto) {
    case PROTO_SLAM: {
        const uint8_t *nl = memchr(p, '\n', n);
        if (!nl) return 0;
        long len = nl - p + 1;
        if (check_replies && !memmem(p, (size_t)len, "\"result\":", 9)) *is_error = 1;
        return len;
    }
    case PROTO_REDIS: {
        const uint8_t *nl = memchr(p, '\n', n);
        if (!nl) return 0;
        if (p[0] != '+' && p[0] != '-') {
            fail("connection %d: unexpected RESP reply type '%c'", c->index, p[0]);
            return -1;
        }
        if (p[0] == '-') *is_error = 1;
        return nl - p + 1;
    }
    default: {
        long len = msgpack_skip(p, n);
        if (len <= 0) {
            if (len < 0) fail("connection %d: malformed msgpack from the server", c->index);
            return len;
        }
        /* A response is [1, msgid, error, result]; a notification is [2, method, params]. */
        if (len >= 2 && p[0] == 0x93 && p[1] == 0x02) {
            *notification = 1;
            return len;
        }
        if (len < 4 || p[0] != 0x94 || p[1] != 0x01) {
            fail("connection %d: unexpected msgpack message (not a response)", c->index);
            return -1;
        }
        int64_t id = msgpack_uint(p + 2, (size_t)len - 2);
        if (id != (int64_t)c->msgid[c->head]) {
            fail("connection %d: reply to msgid %" PRId64 " while %u is the oldest in flight",
                 c->index, id, c->msgid[c->head]);
            return -1;
        }
        long id_len = msgpack_skip(p + 2, (size_t)len - 2);
        if (id_len <= 0 || 2 + id_len >= len) return -1;
        if (check_replies && p[2 + id_len] != 0xc0) *is_error = 1;
        return len;
    }
    }
}

/* Sends the first D requests. */
static int conn_start(struct conn *c) {
    c->cap = 64 * 1024;
    c->in = malloc(c->cap);
    c->out = malloc(request_len() * (size_t)depth);
    if (!c->in || !c->out) {
        fail("out of memory");
        return -1;
    }
    size_t outlen = 0;
    for (int i = 0; i < depth; i++) outlen += append_request(c, c->out + outlen);
    return send_batch(c, c->out, outlen, depth);
}

/*
 * Reads what the server sent (one read: the socket is known to be readable, or
 * this is the thread's only connection and the read may block), times every
 * complete reply and sends as many new requests in one write. -1: fatal.
 */
static int conn_on_readable(struct conn *c) {
    if (c->have == c->cap) {
        /* One reply larger than the buffer (a big slam tree): grow until it fits. */
        uint8_t *bigger = realloc(c->in, c->cap * 2);
        if (!bigger) {
            fail("out of memory");
            return -1;
        }
        c->in = bigger;
        c->cap *= 2;
    }
    ssize_t r = read(c->fd, c->in + c->have, c->cap - c->have);
    if (r <= 0) {
        if (r < 0 && errno == EINTR) return 0;
        if (r == 0) fail("connection %d: the server closed the connection", c->index);
        else if (errno == EAGAIN || errno == EWOULDBLOCK)
            fail("connection %d: no reply within %d s", c->index, REPLY_TIMEOUT_S);
        else fail("connection %d: read: %s", c->index, strerror(errno));
        return -1;
    }
    c->have += (size_t)r;
    /* All replies in one read arrived together: one clock reading times them all. */
    uint64_t t = now_ns();
    if (t >= window_end_ns) c->stopping = 1;
    int in_window = t >= window_start_ns && t < window_end_ns;

    size_t off = 0, outlen = 0;
    int queued = 0;
    for (;;) {
        int is_error, notification;
        long len = next_reply(c, c->in + off, c->have - off, &is_error, &notification);
        if (len < 0) return -1;
        if (len == 0) break;
        if (!notification) {
            if (c->outstanding == 0) {
                fail("connection %d: a reply to no request", c->index);
                return -1;
            }
            if (is_error) report_error_reply(c, c->in + off, (size_t)len);
            if (in_window) {
                histogram_add(&c->hist, t - c->sent_at[c->head]);
                c->requests++;
            }
            c->head = (c->head + 1) % depth;
            c->outstanding--;
            if (!c->stopping) {
                outlen += append_request(c, c->out + outlen);
                queued++;
            }
        }
        off += (size_t)len;
    }
    memmove(c->in, c->in + off, c->have - off);
    c->have -= off;
    return queued > 0 ? send_batch(c, c->out, outlen, queued) : 0;
}

/* A connection is done once the window is over and every reply it was owed has come. */
static int conn_done(const struct conn *c) { return c->stopping && c->outstanding == 0; }

struct worker {
    pthread_t thread;
    struct conn **conns;
    int count;
};

/*
 * Drives a share of the connections. A worker with one connection just blocks
 * in read() (two system calls per round trip, as cheap as a client gets);
 * one with several waits for whichever is readable with epoll, so eight
 * connections cost one thread's wake-ups instead of eight threads' context
 * switches. Sockets stay blocking: epoll only says which one to read, and a
 * write never blocks because a connection has at most D small requests in
 * flight, far below the socket buffer.
 */
static void *run_worker(void *arg) {
    struct worker *w = arg;
    for (int i = 0; i < w->count; i++)
        if (conn_start(w->conns[i]) < 0) return NULL;
    int remaining = w->count;

    if (w->count == 1) {
        struct conn *c = w->conns[0];
        while (!conn_done(c) && !fatal)
            if (conn_on_readable(c) < 0) break;
        return NULL;
    }

    int ep = epoll_create1(EPOLL_CLOEXEC);
    if (ep < 0) {
        fail("epoll_create1: %s", strerror(errno));
        return NULL;
    }
    for (int i = 0; i < w->count; i++) {
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = w->conns[i]};
        if (epoll_ctl(ep, EPOLL_CTL_ADD, w->conns[i]->fd, &ev) < 0) {
            fail("epoll_ctl: %s", strerror(errno));
            goto out;
        }
    }
    struct epoll_event events[64];
    while (remaining > 0 && !fatal) {
        int n = epoll_wait(ep, events, 64, REPLY_TIMEOUT_S * 1000);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("epoll_wait: %s", strerror(errno));
            break;
        }
        if (n == 0) {
            fail("no reply within %d s", REPLY_TIMEOUT_S);
            break;
        }
        for (int i = 0; i < n; i++) {
            struct conn *c = events[i].data.ptr;
            if (conn_on_readable(c) < 0) goto out;
            if (conn_done(c)) {
                epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
                remaining--;
            }
        }
    }
out:
    close(ep);
    return NULL;
}

/* ---- CPU accounting ---- */

static double process_cpu_s(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* utime + stime of another process, from /proc/PID/stat; -1 when unreadable. */
static double server_cpu_s(void) {
    if (server_pid <= 0) return -1;
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", server_pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    /* The command name (field 2) may hold spaces and parentheses: start after the last ')'. */
    char *p = strrchr(buf, ')');
    unsigned long utime, stime;
    if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
        return -1;
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

static void sleep_until(uint64_t t) {
    struct timespec ts = {.tv_sec = (time_t)(t / 1000000000u), .tv_nsec = (long)(t % 1000000000u)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {}
}

/* ---- main ---- */

static void usage(FILE *f) {
    fputs("usage: loadgen --socket PATH [--protocol slam|redis|nvim] [--request JSON]\n"
          "               [--connections C] [--depth D] [--threads T] [--seconds S] [--warmup W]\n"
          "               [--server-pid PID] [--label NAME] [--no-check] [--quiet]\n"
          "Keeps D requests in flight on each of C connections for S seconds after W\n"
          "seconds of warm-up; prints requests, rps and latency percentiles on one line.\n"
          "  --request     slam only: the JSON-RPC request (default: ping)\n"
          "  --threads     threads sharing the connections (default 1)\n"
          "  --server-pid  also report the server's CPU use during the window\n"
          "  --no-check    do not check that replies are successes\n",
          f);
}

static int connect_unix(const char *path) {
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof addr.sun_path) {
        fprintf(stderr, "loadgen: socket path too long: %s\n", path);
        return -1;
    }
    strcpy(addr.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        fprintf(stderr, "loadgen: connect %s: %s\n", path, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    struct timeval tv = {.tv_sec = REPLY_TIMEOUT_S};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return fd;
}

int main(int argc, char **argv) {
    static const struct option longopts[] = {
        {"socket", required_argument, 0, 's'},      {"protocol", required_argument, 0, 'p'},
        {"request", required_argument, 0, 'r'},     {"connections", required_argument, 0, 'c'},
        {"depth", required_argument, 0, 'd'},       {"threads", required_argument, 0, 'T'},
               {"seconds", required_argument, 0, 't'},
        {"warmup", required_argument, 0, 'w'},      {"server-pid", required_argument, 0, 'P'},
        {"label", required_argument, 0, 'l'},       {"no-check", no_argument, 0, 'n'},
        {"quiet", no_argument, 0, 'q'},             {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    const char *request = "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}";
    int opt;
    while ((opt = getopt_long(argc, argv, "s:p:r:c:d:T:t:w:P:l:nqh", longopts, NULL)) != -1) {
        switch (opt) {
        case 's': socket_path = optarg; break;
        case 'p':
            if (!strcmp(optarg, "slam")) proto = PROTO_SLAM;
            else if (!strcmp(optarg, "redis")) proto = PROTO_REDIS;
            else if (!strcmp(optarg, "nvim")) proto = PROTO_NVIM;
            else { fprintf(stderr, "loadgen: unknown protocol %s\n", optarg); return 2; }
            break;
        case 'r': request = optarg; break;
        case 'c': connections = atoi(optarg); break;
        case 'd': depth = atoi(optarg); break;
        case 'T': threads = atoi(optarg); break;
        case 't': seconds = atof(optarg); break;
        case 'w': warmup = atof(optarg); break;
        case 'P': server_pid = atol(optarg); break;
        case 'l': label = optarg; break;
        case 'n': check_replies = 0; break;
        case 'q': quiet = 1; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (!socket_path || optind != argc || connections < 1 || depth < 1 || threads < 1 || seconds <= 0 || warmup < 0) {
        usage(stderr);
        return 2;
    }
    if (strchr(request, '\n')) {
        fprintf(stderr, "loadgen: --request must be one line of compact JSON\n");
        return 2;
    }
    slam_request_len = strlen(request) + 1;
    slam_request = malloc(slam_request_len + 1);
    snprintf(slam_request, slam_request_len + 1, "%s\n", request);

    /* A server that goes away must show up as a write error, not kill us. */
    signal(SIGPIPE, SIG_IGN);

    struct conn *conns = calloc((size_t)connections, sizeof *conns);
    if (!conns) return 1;
    /* Connect everything before the clock starts, so set-up is not part of the warm-up. */
    for (int i = 0; i < connections; i++) {
        struct conn *c = &conns[i];
        c->index = i;
        c->sent_at = calloc((size_t)depth, sizeof *c->sent_at);
        c->msgid = calloc((size_t)depth, sizeof *c->msgid);
        c->next_msgid = 1;
        if (!c->sent_at || !c->msgid) return 1;
        if ((c->fd = connect_unix(socket_path)) < 0) return 1;
    }

    uint64_t t0 = now_ns();
    window_start_ns = t0 + (uint64_t)(warmup * 1e9);
    window_end_ns = window_start_ns + (uint64_t)(seconds * 1e9);
    if (threads > connections) threads = connections;
    struct worker *workers = calloc((size_t)threads, sizeof *workers);
    if (!workers) return 1;
    for (int i = 0; i < threads; i++) {
        workers[i].conns = calloc((size_t)connections, sizeof(struct conn *));
        if (!workers[i].conns) return 1;
    }
    for (int i = 0; i < connections; i++) {
        struct worker *w = &workers[i % threads];
        w->conns[w->count++] = &conns[i];
    }
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&workers[i].thread, NULL, run_worker, &workers[i]) != 0) {
            fprintf(stderr, "loadgen: cannot start thread %d\n", i);
            return 1;
        }
    }

    sleep_until(window_start_ns);
    double cpu0 = process_cpu_s(), server0 = server_cpu_s();
    sleep_until(window_end_ns);
    double cpu1 = process_cpu_s(), server1 = server_cpu_s();

    static struct histogram all;  /* static: 60 KiB is better off the stack */
    uint64_t requests = 0, errors = 0;
    for (int i = 0; i < threads; i++) pthread_join(workers[i].thread, NULL);
    for (int i = 0; i < connections; i++) {
        struct conn *c = &conns[i];
        close(c->fd);
        requests += c->requests;
        errors += c->errors;
        for (unsigned b = 0; b < BUCKETS; b++) all.count[b] += c->hist.count[b];
        all.total += c->hist.total;
        if (c->hist.max > all.max) all.max = c->hist.max;
    }

    /* A run cut short measured nothing worth printing; error replies still get their figures. */
    if (fatal) return 1;

    static const char *names[] = {"slam", "redis", "nvim"};
    double rps = (double)requests / seconds;
    double p50 = histogram_percentile_us(&all, 0.50), p90 = histogram_percentile_us(&all, 0.90);
    double p99 = histogram_percentile_us(&all, 0.99), p999 = histogram_percentile_us(&all, 0.999);
    double loadgen_cpu = (cpu1 - cpu0) / seconds;
    char server_cpu[32] = "-";
    if (server0 >= 0 && server1 >= 0) snprintf(server_cpu, sizeof server_cpu, "%.2f", (server1 - server0) / seconds);

    printf("label=%s protocol=%s connections=%d depth=%d threads=%d requests=%" PRIu64 " seconds=%.3f rps=%.0f "
           "p50_us=%.1f p90_us=%.1f p99_us=%.1f p999_us=%.1f max_us=%.1f errors=%" PRIu64
           " loadgen_cpu=%.2f server_cpu=%s\n",
           label, names[proto], connections, depth, threads, requests, seconds, rps, p50, p90, p99, p999,
           (double)all.max / 1000.0, errors, loadgen_cpu, server_cpu);
    if (!quiet)
        fprintf(stderr, "%s (%s, C=%d D=%d): %.0f req/s, p50 %.1f us, p99 %.1f us, %" PRIu64
                " errors, CPU: loadgen %.2f, server %s cores\n",
                label, names[proto], connections, depth, rps, p50, p99, errors, loadgen_cpu, server_cpu);
    fflush(stdout);
    return errors > 0 || requests == 0 ? 1 : 0;
}
