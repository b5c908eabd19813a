import { runProjectCli } from './projects/runProjectCli.ts'

// `npm run project -- …`: the project command on this process's console (apps/api/src/projects/runProjectCli.ts).
process.exitCode = await runProjectCli(process.argv.slice(2), process.env, console)
