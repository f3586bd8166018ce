package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// runView serves a folder of runs on loopback (hallumaze view FOLDER): at
// / the index of its runs (report --index, made again at each request, so
// a run finished meanwhile is listed), and each file of the folder (the
// pages, their case folders, the results) below it. It refuses an address
// other machines can reach: the folder holds transcripts. It stops on
// Ctrl-C.
func (a *app) runView(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("view", "FOLDER [--addr 127.0.0.1:8088]", stdout)
	addr := fs.String("addr", "127.0.0.1:8088", "loopback address to listen on (port 0: any free port)")
	title := fs.String("title", "", "title of the index page")
	folders, err := parseInputs(fs, args)
	if err != nil {
		return err
	}
	if len(folders) != 1 {
		return cli.Usagef("view: one folder of runs expected (hallumaze view results)")
	}
	dir := folders[0]
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return cli.Usagef("view: %s: not a folder", dir)
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return cli.Usagef("view: --addr %s: %v", *addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return cli.Usagef("view: --addr %s: not a loopback address (the runs hold transcripts: keep them on this machine, 127.0.0.1:PORT)", *addr)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return cli.Usagef("view: %v", err)
	}
	srv := &http.Server{Handler: a.viewHandler(dir, *title, stderr), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "serving the runs of %s on http://%s/ (Ctrl-C stops)\n", dir, ln.Addr())
	if err := serveUntilDone(ctx, srv, ln); err != nil {
		return fmt.Errorf("view: %w", err)
	}
	return nil
}

// viewHandler serves the index at / and the folder's files, never a
// hidden file (a name starting with ".": the partial files of a write in
// progress) nor anything outside the folder.
func (a *app) viewHandler(dir, title string, stderr io.Writer) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "read only", http.StatusMethodNotAllowed)
			return
		}
		p := path.Clean("/" + r.URL.Path)
		if p == "/" || p == "/index.html" {
			opts := report.IndexOptions{Title: title, Generated: time.Now(), Headline: map[string]results.Metric{}}
			for _, s := range a.suites {
				if ms := s.Metrics; len(ms) > 0 {
					opts.Headline[s.Name] = ms[0]
				}
			}
			runs, err := report.ReadRuns(dir, opts)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			rw := a.envSecrets().Writer(w)
			if err := report.WriteIndex(rw, runs, opts); err != nil {
				fmt.Fprintf(stderr, "view: %v\n", err)
			}
			rw.Close()
			return
		}
		for _, part := range strings.Split(p, "/") {
			if strings.HasPrefix(part, ".") {
				http.NotFound(w, r)
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}
