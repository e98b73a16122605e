-- wrk's summary as one JSON line (requests, seconds, latency percentiles in µs, non-2xx answers),
-- for load.py to read instead of wrk's text table. Included by the request scripts.
-- Globals, not locals: the main state reads each thread's table through thread:get.
statuses = {}
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
    local counts = {}
    for _, thread in ipairs(threads) do
        for status, count in pairs(thread:get("statuses") or {}) do
            counts[status] = (counts[status] or 0) + count
        end
    end
    local parts = {}
    for status, count in pairs(counts) do
        table.insert(parts, string.format('"%d": %d', status, count))
    end
    io.write(string.format(
        'LOAD {"requests": %d, "seconds": %.3f, "p50_us": %d, "p99_us": %d, "socket_errors": %d, "statuses": {%s}}\n',
        summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99),
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
        table.concat(parts, ", ")))
end
