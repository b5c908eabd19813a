import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { createProjectSchema, socialProviderSchema } from '@modalkit/protocol'
import { writeSocialClient } from '../auth/socialClients.ts'
import { migrate } from '../db/migrate.ts'
import { openDb } from '../db/openDb.ts'
import { HttpError, validationError } from '../server/HttpError.ts'
import { createProject, listProjects } from './projects.ts'

const HELP = `Manage projects.

  npm run project -- create --name NAME --origins "https://a.test,https://*.a.test" [--id ID] [--features JSON]
  npm run project -- list
  npm run project -- social --id ID --provider github|google|discord|x|facebook --client-id ID --client-secret SECRET
  npm run project -- social --id ID --provider apple --client-id SERVICES_ID --team-id TEAM --key-id KEY --private-key-file AuthKey.p8

"social" sets the project's own OAuth client for one provider (used before SOCIAL_PROVIDERS); register
the provider's redirect URI as AUTH_ORIGIN/oauth-callback.html (Apple: API_ORIGIN/v1/auth/social/apple/callback).

(\`tsx apps/api/src/cli.ts project create …\` works too: the leading "project" is optional.)

The database is PostgreSQL when DATABASE_URL is set, else PGlite in PGLITE_DIR (default .data/pglite).
PGlite is single-process: stop the API (npm start) before using this command on the same folder.`

/** Where the command writes: the process's console, or a test's buffer. */
export interface CliOutput {
  log(line: string): void
  error(line: string): void
}

/**
 * The project command with its arguments after the script's name: writes what it prints to `out` and
 * gives the process's exit code (1 for bad input or usage, with one `error: …` line or the help).
 */
export async function runProjectCli(
  argv: string[],
  env: { DATABASE_URL?: string; PGLITE_DIR?: string },
  out: CliOutput,
): Promise<number> {
  try {
    return await run(argv, env, out)
  } catch (error: unknown) {
    if (error instanceof HttpError)
      out.error(`error: ${error.field ? `${error.field.replace(/^body\./, '')}: ` : ''}${error.message}`)
    else out.error(`error: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}

async function run(
  argv: string[],
  env: { DATABASE_URL?: string; PGLITE_DIR?: string },
  out: CliOutput,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      origins: { type: 'string' },
      id: { type: 'string' },
      features: { type: 'string' },
      provider: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'team-id': { type: 'string' },
      'key-id': { type: 'string' },
      'private-key-file': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  // `npm run project -- create …` runs `cli.ts create …`: the noun is the script's name there.
  const [verb, ...rest] = positionals[0] === 'project' ? positionals.slice(1) : positionals
  if (values.help || (verb !== 'create' && verb !== 'list' && verb !== 'social') || rest.length > 0) {
    out.log(HELP)
    return values.help ? 0 : 1
  }
  const db = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR })
  try {
    await migrate(db)
    if (verb === 'list') {
      const projects = await listProjects(db)
      out.log(['id', 'name', 'allowed origins'].join('\t'))
      for (const p of projects) out.log([p.projectId, p.name, p.allowedOrigins.join(',')].join('\t'))
      return 0
    }
    if (verb === 'social') {
      const provider = socialProviderSchema.safeParse(values.provider)
      if (!provider.success)
        throw new HttpError(
          400,
          'validation_error',
          `one of ${socialProviderSchema.options.join(', ')}`,
          'provider',
        )
      if (!values.id) throw new HttpError(400, 'validation_error', 'required', 'id')
      const file = values['private-key-file']
      const config = await writeSocialClient(db, values.id, provider.data, {
        clientId: values['client-id'],
        clientSecret: values['client-secret'],
        teamId: values['team-id'],
        keyId: values['key-id'],
        privateKey: file === undefined ? undefined : await readFile(file, 'utf8'),
      })
      // Secrets are stored, never printed.
      out.log(`${values.id}: ${provider.data} client ${config.clientId} set`)
      return 0
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
    out.log(JSON.stringify(await createProject(db, input.data), null, 2))
    return 0
  } finally {
    await db.close()
  }
}
