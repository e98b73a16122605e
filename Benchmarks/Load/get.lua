-- GET with the bearer token in $LATCHKEY_TOKEN (if set), reporting through report.lua.
dofile(os.getenv("LATCHKEY_LOAD_DIR") .. "/report.lua")
local token = os.getenv("LATCHKEY_TOKEN")
if token and token ~= "" then
    wrk.headers["Authorization"] = "Bearer " .. token
end
