package grid

// ScriptedWalk plays the scripted walk of spec, the walk the static
// episode shows: from the start, for each target in the InNav file's
// order not reached yet, the shortest sequence of actions (turns and
// forward moves over the cells passable now) to a cell that reaches it,
// planned again after every action; for a level without targets, to the
// reachable cell farthest from the start. Then it turns left until it has
// taken min_steps actions, and ends with done. A target no path reaches
// any more (a flood rose) is given up.
func ScriptedWalk(spec NavSpec) (*Nav, error) {
	n, err := NewNav(spec)
	if err != nil {
		return nil, err
	}
	goals := n.scriptGoals()
	for !n.Done() {
		i := 0
		for i < len(goals) && goals[i](n.Last().Agent) {
			i++
		}
		goals = goals[i:]
		if len(goals) == 0 {
			if len(n.steps) < spec.Config.Params.MinSteps {
				n.Act(TurnLeft)
				continue
			}
			n.Finish()
			break
		}
		a, ok := planTo(n.Last(), goals[0])
		if !ok {
			goals = goals[1:]
			continue
		}
		n.Act(a)
	}
	return n, nil
}

// scriptGoals are the scripted walk's goals in order: a test per target of
// whether a cell reaches it, or the farthest reachable cell.
func (n *Nav) scriptGoals() []func(Pos) bool {
	var out []func(Pos) bool
	for _, t := range n.targets {
		out = append(out, func(c Pos) bool { return n.reaches(c, t) })
	}
	if len(out) == 0 {
		cells := reachableCells(n.obs[0], n.start)
		far := cells[len(cells)-1]
		if far != n.start {
			out = append(out, func(c Pos) bool { return c == far })
		}
	}
	return out
}

// pose is the agent's cell and facing.
type pose struct {
	at Pos
	d  Dir
}

// planTo returns the first action of a shortest walk from the agent's
// pose in s to a cell where goal holds, over the cells passable in s;
// false when none leads there.
func planTo(s *State, goal func(Pos) bool) (Action, bool) {
	startPose := pose{s.Agent, s.Facing}
	first := map[pose]Action{}
	seen := map[pose]bool{startPose: true}
	queue := []pose{startPose}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if goal(p.at) && p != startPose {
			return first[p], true
		}
		next := []struct {
			p pose
			a Action
		}{
			{pose{p.at, p.d.Left()}, TurnLeft},
			{pose{p.at, p.d.Right()}, TurnRight},
		}
		if ahead := p.at.Add(p.d, 1); s.Passable(ahead) {
			next = append(next, struct {
				p pose
				a Action
			}{pose{ahead, p.d}, Forward})
		}
		for _, x := range next {
			if seen[x.p] {
				continue
			}
			seen[x.p] = true
			if p == startPose {
				first[x.p] = x.a
			} else {
				first[x.p] = first[p]
			}
			queue = append(queue, x.p)
		}
	}
	return 0, false
}
