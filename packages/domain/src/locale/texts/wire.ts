/** Our wording for values the API refuses before they reach a command (issue 11: bad input is a 4xx). */
export const wire = {
  badId: 'Neplatné číslo záznamu.',
  badNumber: 'Neplatné číslo.',
  badText: 'Text obsahuje nepovolené znaky.',
  tooDeep: 'Data jsou příliš hluboko vnořená.',
  badDate: 'Neplatné datum.',
  unknownReference: 'Odkazovaný záznam neexistuje.',
  badValue: 'Neplatná hodnota v požadavku.',
} as const;
