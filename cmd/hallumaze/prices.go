package main

import (
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/pricing"
)

// pricesUsage is the help of every command's --prices flag.
const pricesUsage = `price table file (JSON, "-" for stdin): {"provider/model": {"input": $/Mtok, "output": $/Mtok, "as_of": "YYYY-MM-DD"}, ...}; its entries replace or join the built-in list prices`

// readPrices reads a price table file (--prices; "-" reads stdin). A file
// that cannot be read or holds a bad entry is a usage error naming both.
func (a *app) readPrices(cmd, path string) (pricing.Table, error) {
	data, err := cli.ReadInput(path, a.stdin, pricing.MaxFileBytes)
	if err != nil {
		return nil, cli.Usagef("%s: --prices: %v", cmd, err)
	}
	t, err := pricing.Parse(data, path)
	if err != nil {
		return nil, cli.Usagef("%s: --prices: %v", cmd, err)
	}
	return t, nil
}

// priceTable is the table a command reckons costs with: the built-in list
// prices, replaced or joined by the config's "prices", then by the
// entries of --prices FILE ("" for none).
func (a *app) priceTable(cmd string, config pricing.Table, path string) (pricing.Table, error) {
	t := pricing.Default().With(config)
	if path == "" {
		return t, nil
	}
	file, err := a.readPrices(cmd, path)
	if err != nil {
		return nil, err
	}
	return t.With(file), nil
}
