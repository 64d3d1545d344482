import { ApiError } from './api-error.ts';

/**
 * The service names fields as its JSON does (`brand_id`); a call's input may name them the app's
 * way (`brandId`). Renames the field errors of a failed call so a form finds them at its fields.
 */
export async function renameFieldErrors<T>(call: Promise<T>, renames: Record<string, string>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fields = Object.create(null) as Record<string, string[]>;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const name = renames[field] ?? field;
      fields[name] = [...(fields[name] ?? []), ...messages];
    }
    throw new ApiError({
      kind: error.kind,
      operation: error.operation,
      status: error.status,
      body: { ...error.body, errors: fields },
      message: error.message,
    });
  }
}
