package scoring

import "slices"

// JudgeAll pairs each item with its reply by id, in the order of items:
// judge(item, reply) for an item with a reply, missing(item) for one
// without. unmatched lists the reply ids that name no item, sorted (nil when
// every reply names an item). It is the join every suite's Score makes
// between the items it asked and the replies it got.
func JudgeAll[T, R any](items []T, id func(T) string, replies map[string]string,
	judge func(T, string) R, missing func(T) R) (judged []R, unmatched []string) {
	judged = make([]R, len(items))
	known := make(map[string]bool, len(items))
	for i, it := range items {
		known[id(it)] = true
		if reply, ok := replies[id(it)]; ok {
			judged[i] = judge(it, reply)
		} else {
			judged[i] = missing(it)
		}
	}
	return judged, UnknownIDs(replies, known)
}

// UnknownIDs lists the keys of byID that known does not hold, sorted (nil
// when there are none): the replies that name no item.
func UnknownIDs[V any](byID map[string]V, known map[string]bool) []string {
	var out []string
	for id := range byID {
		if !known[id] {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}
