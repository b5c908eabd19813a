import { parseArgs } from 'node:util'
import { createProjectSchema } from '@modalkit/protocol'
import { migrate } from './db/migrate.ts'
import { openDb } from './db/openDb.ts'
import { createProject, listProjects } from './projects/projects.ts'
import { HttpError, validationError } from './server/HttpError.ts'

const HELP = `Manage projects.

  npm run project -- create --name NAME --origins "https://a.test,https://*.a.test" [--id ID] [--features JSON]
  npm run project -- list

(\`tsx apps/api/src/cli.ts project create …\` works too: the leading "project" is optional.)

The database is PostgreSQL when DATABASE_URL is set, else PGlite in PGLITE_DIR (default .data/pglite).
PGlite is single-process: stop the API (npm start) before using this command on the same folder.`

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      origins: { type: 'string' },
      id: { type: 'string' },
      features: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  // `npm run project -- create …` runs `cli.ts create …`: the noun is the script's name there.
  const [verb, ...rest] = positionals[0] === 'project' ? positionals.slice(1) : positionals
  if (values.help || (verb !== 'create' && verb !== 'list') || rest.length > 0) {
    console.log(HELP)
    if (!values.help) process.exitCode = 1
    return
  }
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL, pgliteDir: process.env.PGLITE_DIR })
  try {
    await migrate(db)
    if (verb === 'list') {
      const projects = await listProjects(db)
      console.log(['id', 'name', 'allowed origins'].join('\t'))
      for (const p of projects) console.log([p.projectId, p.name, p.allowedOrigins.join(',')].join('\t'))
      return
    }
    let features: unknown
    try {
      features = values.features ? JSON.parse(values.features) : undefined
    } catch {
      throw new HttpError(400, 'validation_error', 'not JSON', 'features')
    }
    const input = createProjectSchema.safeParse({
      ...(values.id ? { id: values.id } : {}),
      name: values.name,
      allowedOrigins: (values.origins ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
      ...(features === undefined ? {} : { features }),
    })
    if (!input.success) throw validationError('body', input.error.issues)
    console.log(JSON.stringify(await createProject(db, input.data), null, 2))
  } finally {
    await db.close()
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof HttpError)
    console.error(`error: ${error.field ? `${error.field.replace(/^body\./, '')}: ` : ''}${error.message}`)
  else console.error(`error: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
})
