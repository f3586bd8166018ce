// Package mazereport lays out HalluMaze's part of the reports: the
// leaderboards and boards by condition, the terminal tables and summary
// lines, the seed's JSON file and its reading back, the page's charts and
// each case's maze with the verified walk drawn over it, the analyses in
// text and HTML (in English or Korean), the Linguistic Mirage and
// Ariadne's Thread effects, and the human groups' files. It reads maze
// results as the maze adapter (package maze) recorded them.
package mazereport
