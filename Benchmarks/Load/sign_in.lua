-- POST /v1/login with the load user's credentials, over and over, reporting through report.lua.
dofile(os.getenv("LATCHKEY_LOAD_DIR") .. "/report.lua")
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("LATCHKEY_LOGIN_BODY")
